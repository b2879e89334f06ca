#!/usr/bin/env bash
# Regenerates the short, silent hover loops of the bundled repository's featured
# works from their cover artwork (a slow push-in), as small H.264 MP4 files.
# Needs ffmpeg (Debian: apt-get install ffmpeg). Usage: npm run content:teasers
set -euo pipefail
cd "$(dirname "$0")/../assets"
for name in aurores-boreales le-gout-du-sel la-fabrique-du-mouvement pixel-et-pollen memoire-vive; do
  ffmpeg -y -loglevel error -loop 1 -i "cover-$name.jpg" -t 4 -r 25 \
    -vf "scale=1280:800,zoompan=z='min(zoom+0.0012,1.12)':d=100:s=640x400:fps=25,format=yuv420p" \
    -c:v libx264 -preset slow -crf 30 -an -movflags +faststart "loop-$name.mp4"
done
ls -l loop-*.mp4
