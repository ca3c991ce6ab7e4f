"""Sub-commands of ``companion``; each module has ``register(subparsers)``."""
