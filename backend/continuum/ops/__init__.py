"""Operations: backup and restore of the embedded or external database."""
