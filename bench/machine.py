"""The machine a benchmark ran on, read one way by every script in bench/ (a kept run names its CPU: `speed_block`).
Imported by the scripts (`from machine import cpu_model`); run alone it prints this machine."""
import os, platform
from pathlib import Path

def cpu_model() -> str:
    "The CPU's model name from /proc/cpuinfo, else what the platform reports, else 'unknown CPU'."
    info = Path('/proc/cpuinfo')
    lines = info.read_text().splitlines() if info.exists() else []
    return next((l.split(':', 1)[1].strip() for l in lines if l.startswith('model name')),
                platform.processor() or 'unknown CPU')

def machine_words() -> str:
    "CPU model, cores and the load now, in words."
    return f"{cpu_model()}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}"

if __name__ == '__main__': print(machine_words())
