/* What libsumgame exports.
 *
 * The library is built with -fvisibility=hidden: a function is visible to plugins and
 * programs only when it is declared between SG_API_BEGIN and SG_API_END, which every
 * installed header does around its declarations (and which also gives them C linkage
 * in C++). Everything else in the library, private headers included, stays inside it.
 * docs/abi.md says what each level of header promises. */
#ifndef SUMGAME_API_H
#define SUMGAME_API_H

#ifdef __cplusplus
#define SG_API_BEGIN _Pragma("GCC visibility push(default)") extern "C" {
#define SG_API_END } _Pragma("GCC visibility pop")
#else
#define SG_API_BEGIN _Pragma("GCC visibility push(default)")
#define SG_API_END _Pragma("GCC visibility pop")
#endif

#endif
