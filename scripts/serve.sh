#!/bin/sh
# Starts the compiled server (apps/server/dist/main.js) as `npm start` and `npm run bench` run it, with
# the memory settings the embedded database is sized for (issue 20; README "Memory"):
# - MALLOC_MMAP_THRESHOLD_: glibc hands blocks of 1 MB and more back to the system when they are
#   freed (a password check's working memory, large answers, PGlite's start-up buffers) instead of
#   keeping them in its arenas, which otherwise hold 40-50 MB more for the life of the process;
# - --max-semi-space-size=8: V8's young generation at most 2 x 8 MB instead of 2 x 16 MB.
# Either can be overridden: a MALLOC_MMAP_THRESHOLD_ already set wins, and NODE_SEMI_SPACE_MB sets the
# other. Arguments are passed on to the server.
set -e
cd "$(dirname "$0")/../apps/server"
: "${MALLOC_MMAP_THRESHOLD_:=1048576}"
export MALLOC_MMAP_THRESHOLD_
exec node --max-semi-space-size="${NODE_SEMI_SPACE_MB:-8}" dist/main.js "$@"
