//! Shape casts and overlap queries.
