#!/bin/sh
# Put Festive Slots in the desktop's application menu (per user, no root):
#
#   packaging/install-linux.sh                 # the command found: dist/FestiveSlots/FestiveSlots, else festive-slots on PATH
#   packaging/install-linux.sh --exec PATH     # a given program
#   packaging/install-linux.sh --uninstall
#
# Writes ${XDG_DATA_HOME:-~/.local/share}/applications/festive-slots.desktop and the icon as
# .../icons/hicolor/{256x256,512x512}/apps/festive-slots.png.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
data_home=${XDG_DATA_HOME:-"$HOME/.local/share"}
apps="$data_home/applications"
icons="$data_home/icons/hicolor"
desktop="$apps/festive-slots.desktop"

usage() {
    echo "usage: $0 [--exec PROGRAM | --uninstall]" >&2
    exit 2
}

refresh() {
    if command -v update-desktop-database >/dev/null 2>&1; then
        update-desktop-database -q "$apps" 2>/dev/null || true
    fi
    if command -v gtk-update-icon-cache >/dev/null 2>&1 && [ -f "$icons/index.theme" ]; then
        gtk-update-icon-cache -q -t "$icons" 2>/dev/null || true
    fi
}

program=""
case "${1:-}" in
    "") ;;
    --exec)
        [ $# -eq 2 ] || usage
        program=$2 ;;
    --uninstall)
        [ $# -eq 1 ] || usage
        rm -f "$desktop" "$icons/256x256/apps/festive-slots.png" "$icons/512x512/apps/festive-slots.png"
        refresh
        echo "removed $desktop and the festive-slots icons"
        exit 0 ;;
    *) usage ;;
esac

if [ -z "$program" ]; then
    if [ -x "$root/dist/FestiveSlots/FestiveSlots" ]; then
        program="$root/dist/FestiveSlots/FestiveSlots"
    elif command -v festive-slots >/dev/null 2>&1; then
        program=$(command -v festive-slots)
    else
        echo "$0: no program to start: build the app (pyinstaller build.spec) or pip install . first," \
             "or name one with --exec PROGRAM" >&2
        exit 1
    fi
fi
case "$program" in
    /*) ;;
    *) program="$(cd "$(dirname "$program")" && pwd)/$(basename "$program")" ;;
esac
case "$program" in
    *[\"\`\$\\%]*)
        echo "$0: $program: a path with \", \`, \$, \\ or % cannot go in a desktop file; use --exec with a link" >&2
        exit 1 ;;
esac
if [ ! -x "$program" ]; then
    echo "$0: $program is not an executable file" >&2
    exit 1
fi

mkdir -p "$apps" "$icons/256x256/apps" "$icons/512x512/apps"
cp "$root/assets/icons/festive-slots-256.png" "$icons/256x256/apps/festive-slots.png"
cp "$root/assets/icons/festive-slots-512.png" "$icons/512x512/apps/festive-slots.png"
# Exec in double quotes (spaces are fine); characters the desktop entry spec would need escaped
# are refused above rather than escaped.
while IFS= read -r line; do
    case "$line" in
        Exec=*) printf 'Exec="%s"\n' "$program" ;;
        *) printf '%s\n' "$line" ;;
    esac
done < "$here/festive-slots.desktop" > "$desktop.tmp"
mv "$desktop.tmp" "$desktop"
refresh
echo "installed $desktop (Exec: $program) and the icon in $icons"
