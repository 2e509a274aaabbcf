// Placeholder: HTML
