#!/bin/sh
# Starts the compiled server (apps/server/dist/main.js) as `npm start` and `npm run bench` run it, with
# the memory settings the embedded database is sized for (issue 20; README "Memory"):
# - MALLOC_MMAP_THRESHOLD_: glibc hands blocks of 1 MB and more back to the system when they are
#   freed (a password check's working memory, large answers, PGlite's start-up buffers) instead of
#   keeping them in its arenas, which otherwise hold 40-50 MB more for the life of the process;
# - --max-semi-space-size=8: V8's young generation at most 2 x 8 MB instead of 2 x 16 MB;
# - --single-threaded-gc: V8 collects on the thread that serves requests, without waking helper threads
#   for each young-generation collection (a collection every few thousand requests under load). The
#   helpers only took a core from the database beside the server and paid a wake-up each: measured
#   with the bench's load on PostgreSQL (wrk, 10 connections, 2 cores, alternating rounds), CalcPrice's
#   CPU a request fell by 2.5-3.5 %; on the embedded database no change showed through the noise.
# Each can be overridden: a MALLOC_MMAP_THRESHOLD_ already set wins, NODE_SEMI_SPACE_MB sets the young
# generation, and NODE_GC_FLAGS the collector's flags (empty: V8's own helper threads). Arguments are
# passed on to the server.
set -e
cd "$(dirname "$0")/../apps/server"
: "${MALLOC_MMAP_THRESHOLD_:=1048576}"
export MALLOC_MMAP_THRESHOLD_
# shellcheck disable=SC2086 # NODE_GC_FLAGS is a list of flags
exec node --max-semi-space-size="${NODE_SEMI_SPACE_MB:-8}" ${NODE_GC_FLAGS---single-threaded-gc} dist/main.js "$@"
