"""Rules text, game-log sentences and the language reference, in Portuguese, English and Vietnamese, from compiled trees."""
