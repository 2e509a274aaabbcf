// Placeholder: Networking
