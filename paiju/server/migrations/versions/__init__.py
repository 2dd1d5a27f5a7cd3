"""One file per schema revision, oldest first: 0001 is the schema of the databases made before migrations."""
