"""The screens of hitledger: one module per screen, styles in .tcss files next to them."""
