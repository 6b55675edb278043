"""What every game's pictures share: the bundled fonts, fitted names, the seats'
colours and symbols, and PNG encoding."""
