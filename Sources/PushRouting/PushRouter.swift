// The router is being written; see issue 5.
