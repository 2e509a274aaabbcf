// Placeholder: Showcase
