"""Playing matches, bulk simulation, tournaments and ratings."""
