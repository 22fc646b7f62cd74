"""The compiler: card files in, validated and versioned effect trees out."""
