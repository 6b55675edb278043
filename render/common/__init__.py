"""What every game's pictures share: the bundled fonts, fitted names, the seats'
colours and symbols, PNG encoding, and how a gallery builds its samples."""
