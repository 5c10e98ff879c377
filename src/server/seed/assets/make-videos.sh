#!/bin/sh
# Regenerates the demo clips shipped beside this script (needs ffmpeg with
# libvpx and libx264; Debian: apt-get install ffmpeg). The app only copies the
# resulting files; ffmpeg is not needed to run or test it.
set -eu
cd "$(dirname "$0")"
webm() { # name seconds gradient-options
  ffmpeg -hide_banner -loglevel error -y -f lavfi -i "gradients=s=854x480:r=24:d=$2:$3" \
    -vf format=yuv420p -c:v libvpx-vp9 -b:v 0 -crf 32 -row-mt 1 -deadline good -an -bitexact "$1"
}
webm hero-intro.webm 3 "n=3:c0=0x1e3a8a:c1=0x2563eb:c2=0xf472b6:speed=0.03:seed=7"
webm hero-loop.webm 4 "n=4:c0=0x0f172a:c1=0x2563eb:c2=0x14b8a6:c3=0x7c3aed:speed=0.02:seed=11"
# H.264 with the index at the front (faststart) so playback starts before the whole file arrives.
ffmpeg -hide_banner -loglevel error -y -f lavfi -i "gradients=s=640x360:r=24:d=4:n=3:c0=0xf97316:c1=0xdb2777:c2=0x2563eb:speed=0.03:seed=3" \
  -vf format=yuv420p -c:v libx264 -profile:v main -preset slow -crf 24 -movflags +faststart -an -bitexact product-intro.mp4
