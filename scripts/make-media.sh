#!/usr/bin/env bash
# Generates the league's default intro and hero videos (H.264 MP4) and their poster JPGs into public/media/.
# Everything comes from ffmpeg's lavfi sources (gradients, colour bars, drawtext, a synthesised beat), so the files
# are reproducible from this script alone. Needs Debian's ffmpeg and fonts-liberation:
#   apt-get update && apt-get install -y ffmpeg fonts-liberation
#   bash scripts/make-media.sh
set -euo pipefail

cd "$(dirname "$0")/.."
out=public/media
mkdir -p "$out"

font=/usr/share/fonts/truetype/liberation/LiberationSansNarrow-Bold.ttf
[ -f "$font" ] || { echo "missing $font (apt-get install -y fonts-liberation)" >&2; exit 1; }

gold=0xFFC53D
black=0x0B0B0A

# Same bytes on every run: one encoder thread, no encoder/version tags, no metadata, fixed gradient seed.
common=(-hide_banner -loglevel error -y)
exact=(-threads 1 -fflags +bitexact -flags:v +bitexact -map_metadata -1 -movflags +faststart)
h264=(-c:v libx264 -preset slow -profile:v main -pix_fmt yuv420p -x264-params "threads=1")

# Intro (8 s, 1280x720, 30 fps, with a quiet beat so Mute means something): the gold WTA mark grows in, then the
# league's promise, then the name; a gold bar sweeps across the frame.
intro_text="\
drawtext=fontfile=${font}:text='WTA':fontcolor=${gold}:fontsize='min(300,120+t*90)':x=(w-text_w)/2:y=(h-text_h)/2-20\
:alpha='if(lt(t,0.3),0,if(lt(t,0.9),(t-0.3)/0.6,if(lt(t,2.4),1,max(0,(2.8-t)/0.4))))',\
drawtext=fontfile=${font}:text='ONE DAY.':fontcolor=white:fontsize=110:x=(w-text_w)/2:y=h/2-130\
:alpha='if(lt(t,2.8),0,if(lt(t,3.2),(t-2.8)/0.4,if(lt(t,5.0),1,max(0,(5.4-t)/0.4))))',\
drawtext=fontfile=${font}:text='CASH PRIZES.':fontcolor=${gold}:fontsize=130:x='(w-text_w)/2+max(0,(3.9-t))*400':y=h/2+10\
:alpha='if(lt(t,3.4),0,if(lt(t,3.9),(t-3.4)/0.5,if(lt(t,5.0),1,max(0,(5.4-t)/0.4))))',\
drawtext=fontfile=${font}:text='WTA LEAGUE':fontcolor=${gold}:fontsize=150:x=(w-text_w)/2:y=h/2-150\
:alpha='if(lt(t,5.5),0,min(1,(t-5.5)/0.5))',\
drawtext=fontfile=${font}:text='WIN CASH, NOT TROPHIES':fontcolor=white:fontsize=64:x=(w-text_w)/2:y=h/2+40\
:alpha='if(lt(t,6.1),0,min(1,(t-6.1)/0.5))'"

ffmpeg "${common[@]}" \
  -f lavfi -i "gradients=s=1280x720:r=30:d=8:n=4:c0=${black}:c1=0x2E2100:c2=0x000000:c3=0x4A3600:speed=0.03:type=linear:seed=7" \
  -f lavfi -i "color=c=${gold}:s=420x10:r=30:d=8" \
  -f lavfi -i "aevalsrc='0.35*sin(2*PI*52*t)*exp(-9*mod(t,0.5))+0.05*sin(2*PI*440*t)*exp(-30*mod(t+0.25,0.5))':s=44100:d=8" \
  -filter_complex "[0][1]overlay=x='-w+mod(t*700,W+w)':y=H*0.82:shortest=1,${intro_text},fade=t=in:st=0:d=0.4,fade=t=out:st=7.6:d=0.4[v];[2]afade=t=out:st=7.3:d=0.7[a]" \
  -map "[v]" -map "[a]" "${h264[@]}" -crf 30 -g 60 -c:a aac -b:a 48k -ac 1 -flags:a +bitexact "${exact[@]}" \
  "$out/intro.mp4"

# Hero background (8 s loop, 960x540, 24 fps, silent): slow black-and-gold light with sweeping gold court lines and
# a faint WTA mark. The page darkens it under the text, so it stays calm and low in detail (small file).
ffmpeg "${common[@]}" \
  -f lavfi -i "gradients=s=960x540:r=24:d=8:n=3:c0=${black}:c1=0x5C4300:c2=0x000000:speed=0.02:type=linear:seed=11" \
  -f lavfi -i "color=c=${gold}@0.9:s=6x540:r=24:d=8" \
  -f lavfi -i "color=c=${gold}@0.6:s=960x4:r=24:d=8" \
  -filter_complex "[0][1]overlay=x='mod(t*120,W+w)-w':y=0:shortest=1[a];[a][2]overlay=x=0:y='H*0.25+mod(t*40,H*0.5)':shortest=1,\
drawtext=fontfile=${font}:text='WTA':fontcolor=${gold}@0.18:fontsize=360:x='(w-text_w)/2+sin(t*PI/4)*40':y=(h-text_h)/2[v]" \
  -map "[v]" -an "${h264[@]}" -crf 32 -g 48 "${exact[@]}" \
  "$out/hero.mp4"

# Posters: the frame the page shows before (or instead of) the video.
ffmpeg "${common[@]}" -ss 6.9 -i "$out/intro.mp4" -frames:v 1 -q:v 5 -fflags +bitexact -flags:v +bitexact -map_metadata -1 "$out/intro-poster.jpg"
ffmpeg "${common[@]}" -ss 0 -i "$out/hero.mp4" -frames:v 1 -q:v 6 -fflags +bitexact -flags:v +bitexact -map_metadata -1 "$out/hero-poster.jpg"

ls -l "$out"
