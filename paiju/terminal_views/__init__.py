"""Each family's look in the terminal (``paiju.terminal.LOOKS`` finds it by the family's name)."""
