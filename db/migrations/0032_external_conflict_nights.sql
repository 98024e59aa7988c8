-- Placeholder: filled in by the work on this change.
SELECT 1;
