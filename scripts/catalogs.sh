#!/usr/bin/env bash
# The gettext catalogs, with Babel (docs/developing.md, "Adding a language"):
#   bash scripts/catalogs.sh [DOMAIN...]          extract each domain's source text into
#                                                 its template, merge it into every
#                                                 language's catalog, compile them all
#   bash scripts/catalogs.sh compile [DOMAIN...]  only compile (after editing a .po file)
#   bash scripts/catalogs.sh init LANGUAGE        start the catalogs of a new language
#   bash scripts/catalogs.sh template DOMAIN FILE write a domain's template to FILE (the
#                                                 tests compare it with the committed one)
# One domain for the platform and one per game, so that a game brings its own words;
# without DOMAIN, every domain.
set -euo pipefail
cd "$(dirname "$0")/.."
pybabel=".venv/bin/pybabel --quiet"
locales=i18n/locales

declare -A sources=(
    [platform]="bot/activity bot/discord_ui bot/background bot/service bot/features bot/games/*.py render/common"
)
# Each registered game brings its own domain: its package and its renderer.
for game in $(.venv/bin/python -m bot.games.registry); do
    sources[$game]="bot/games/$game render/$game"
done

extract() {
    # shellcheck disable=SC2086
    $pybabel extract -F babel.cfg --add-location=file --sort-by-file --no-wrap \
        --omit-header -k Message -k Plural:1,2 -o "${2:-$locales/$1.pot}" ${sources[$1]}
}

languages() {
    find "$locales" -mindepth 2 -maxdepth 2 -name LC_MESSAGES -printf '%h\n' | xargs -rn1 basename
}

command="update"
case "${1:-}" in compile | init | template) command=$1 && shift ;; esac
if [ "$command" = template ]; then
    extract "$1" "$2"
    exit
fi
if [ "$command" = init ]; then
    for domain in "${!sources[@]}"; do
        extract "$domain"
        $pybabel init --no-wrap -D "$domain" -i "$locales/$domain.pot" -d "$locales" -l "$1"
    done
    exit
fi
domains=("$@")
[ ${#domains[@]} -gt 0 ] || domains=("${!sources[@]}")
for domain in "${domains[@]}"; do
    [ -n "${sources[$domain]:-}" ] || { echo "no domain called $domain" >&2; exit 2; }
    if [ "$command" = update ]; then
        extract "$domain"
        for language in $(languages); do
            po="$locales/$language/LC_MESSAGES/$domain.po"
            if [ -f "$po" ]; then
                $pybabel update --no-wrap --ignore-obsolete \
                    -D "$domain" -l "$language" -i "$locales/$domain.pot" -d "$locales"
            else
                $pybabel init --no-wrap -D "$domain" -l "$language" \
                    -i "$locales/$domain.pot" -d "$locales"
            fi
        done
    fi
    .venv/bin/pybabel compile --statistics -D "$domain" -d "$locales"
done
