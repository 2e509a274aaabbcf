// Placeholder: HTTP
