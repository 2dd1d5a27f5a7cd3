"""The balance lab: does a table pay every role fairly with the bots given, and which numbers would make it fair
(docs/balance.md)."""
