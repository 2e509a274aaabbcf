// Placeholder: SQLite
