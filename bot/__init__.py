"""The Discord adapter and the platform-free game host. Knows Discord; knows no game's rules."""
