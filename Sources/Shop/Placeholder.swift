// Placeholder: Shop
