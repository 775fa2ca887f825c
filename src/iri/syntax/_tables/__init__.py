"""Generated Unicode tables of the syntax floor (tools/gen_security_tables.py)."""
