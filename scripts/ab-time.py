#!/usr/bin/env python3
"""Times several builds of conform (or any commands) side by side, in turn, so that a spell of load on a
noisy machine falls on all of them alike (Docs/Performance.md quotes its numbers as `abtime2.py N`).

    scripts/ab-time.py N BINARY... -- ARGUMENT...

Runs each BINARY with the ARGUMENTs, one after another, N rounds; prints for each the median, 25th
percentile and minimum of its wall time and CPU time (user + system, in ms), and its median peak resident
size. Compare fresh copies of the binaries (`cp` both): a binary just written maps more of itself than one
whose pages the system has held a while (Docs/Performance.md, "the policy files found in the run's one read").
"""
import os
import statistics
import subprocess
import sys
import time


def main():
    if "--" not in sys.argv or len(sys.argv) < 4:
        sys.exit(__doc__)
    rounds = int(sys.argv[1])
    separator = sys.argv.index("--")
    binaries, arguments = sys.argv[2:separator], sys.argv[separator + 1 :]
    samples = {binary: ([], [], []) for binary in binaries}
    for _ in range(rounds):
        for binary in binaries:
            started = time.perf_counter()
            process = subprocess.Popen([binary] + arguments, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            _, _, usage = os.wait4(process.pid, 0)
            wall, cpu, peak = samples[binary]
            wall.append((time.perf_counter() - started) * 1000)
            cpu.append((usage.ru_utime + usage.ru_stime) * 1000)
            peak.append(usage.ru_maxrss / 1024)
    quartile = lambda values: sorted(values)[len(values) // 4]
    for binary in binaries:
        wall, cpu, peak = samples[binary]
        print(
            f"{binary}: wall med {statistics.median(wall):.0f} p25 {quartile(wall):.0f} min {min(wall):.0f} ms  "
            f"cpu med {statistics.median(cpu):.0f} p25 {quartile(cpu):.0f} min {min(cpu):.0f} ms  "
            f"peak med {statistics.median(peak):.1f} MB"
        )


if __name__ == "__main__":
    main()
