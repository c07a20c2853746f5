/* A shared object without the entry symbol: some other library, not a sumgame plugin. */
int sumgame_not_a_plugin(void);
int sumgame_not_a_plugin(void) { return 42; }
