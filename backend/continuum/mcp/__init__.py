"""The MCP server for writing agents (stdio): read tools over the read layer, plus
`check_continuity` (critique only) and `save_chapter` (blocking)."""
