// No process that the `jungle` command started, nor any process that one of those started,
// outlives the command, however it ends: normally, by an exception, or by SIGINT, SIGTERM, SIGHUP
// or SIGQUIT. (SIGKILL runs no code of ours: there, PR_SET_PDEATHSIG takes our own children with
// us (support/child_start.h), and what they started goes to init; docs/testing.md says more.)
#pragma once

#include <array>
#include <csignal>

namespace jungle {

// While it lives, this process is the child subreaper of everything it starts
// (PR_SET_CHILD_SUBREAPER): a descendant that leaves its parent's process group and session
// (setsid) and is then orphaned becomes our child rather than init's, so it stays in reach. At
// its destruction, and on SIGINT, SIGTERM, SIGHUP and SIGQUIT, every child of ours is killed
// with its process group and reaped, then whatever that orphaned, until none is left; a signal
// then ends us as it would have (killed by it, status 128+N in a shell). A signal ignored when
// the reaper is made (nohup, a background job) is left ignored.
//
// It kills children it does not know of, so only a process whose every child is its own may
// hold one: the `jungle` command's, from main, never a library's caller. One at a time.
class ChildReaper {
 public:
  ChildReaper();
  ~ChildReaper();
  ChildReaper(const ChildReaper&) = delete;
  ChildReaper& operator=(const ChildReaper&) = delete;

 private:
  static constexpr std::array<int, 4> SIGNALS = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
  std::array<struct sigaction, SIGNALS.size()> old_{};
};

// Once a signal has begun ending the process, its children die of the ending, not of a fault:
// a game that lost its engine then is no result, and an engine restarted would be killed in
// turn. A thread about to record a result or start a child calls this first; while the process
// ends, the call does not return (the thread waits for the end), and otherwise it does nothing.
void wait_here_if_ending();

// Kills every child of this process with its process group, reaps it, and does the same to
// the children that come to us in turn, until none is left. Async-signal-safe.
void end_all_children();

}  // namespace jungle
