#!/usr/bin/env bash
# Tags a release of this action: vX.Y.Z on the current commit, and moves the major tag vX to it,
# which is what `uses: YOUR-ORG/qa-greenlight@v1` follows. See docs/releasing.md.
#
#   scripts/release.sh [--dry-run] [X.Y.Z]
#
# Without a version it asks for one. It refuses unless the working tree is clean, package.json and
# CHANGELOG.md (a dated section) name the version, the version is newer than the latest tag, and
# the committed dist/ is exactly what `npm run bundle` builds (the runner executes dist/, never
# src/). --dry-run checks everything and prints the git commands instead of running them.
set -euo pipefail

dry_run=false
version=''
for arg in "$@"; do
  case "$arg" in
    --dry-run) dry_run=true ;;
    -h | --help)
      sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    -*)
      echo "Unknown option $arg; usage: scripts/release.sh [--dry-run] [X.Y.Z]" >&2
      exit 2
      ;;
    *) version="$arg" ;;
  esac
done

fail() {
  echo "release: $*" >&2
  exit 1
}

cd "$(git rev-parse --show-toplevel)"

latest="$(git tag --list 'v[0-9]*.[0-9]*.[0-9]*' --sort=-v:refname | head -n 1)"
echo "Latest release tag: ${latest:-none}"
if [ -z "$version" ]; then
  read -r -p 'Version to release (X.Y.Z): ' version
fi
version="${version#v}"
[[ "$version" =~ ^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$ ]] ||
  fail "the version must be X.Y.Z (three whole numbers, e.g. 1.2.0), optionally with a leading v"
major="v${BASH_REMATCH[1]}"
tag="v$version"

if [ -n "$latest" ]; then
  newest="$(printf '%s\n%s\n' "$latest" "$tag" | sort -V | tail -n 1)"
  [ "$newest" = "$tag" ] && [ "$latest" != "$tag" ] || fail "$tag is not newer than $latest"
fi
git rev-parse -q --verify "refs/tags/$tag" >/dev/null && fail "the tag $tag exists already"

[ -z "$(git status --porcelain)" ] || fail 'the working tree has changes; commit or stash them first'

package_version="$(node -p "require('./package.json').version")"
[ "$package_version" = "$version" ] ||
  fail "package.json says $package_version; set it to $version (npm version $version --no-git-tag-version) and commit"
grep -Eq "^## \[$version\] - [0-9]{4}-[0-9]{2}-[0-9]{2}$" CHANGELOG.md ||
  fail "CHANGELOG.md has no dated section '## [$version] - YYYY-MM-DD'"

echo 'Bundling, to check that the committed dist/ is what the sources build…'
npm run --silent bundle >/dev/null
if ! git diff --quiet -- dist || [ -n "$(git ls-files --others --exclude-standard -- dist)" ]; then
  git diff --stat -- dist
  fail 'dist/ is stale: commit what `npm run bundle` built, then release again'
fi

commit="$(git rev-parse HEAD)"
commands=(
  "git tag -a $tag -m 'qa-greenlight $tag' $commit"
  "git tag -fa $major -m 'qa-greenlight $major (now $tag)' $commit"
  "git push origin $tag"
  "git push --force origin $major"
)
if $dry_run; then
  echo "Dry run: all checks passed; would release $commit as $tag and move $major:"
  printf '  %s\n' "${commands[@]}"
  exit 0
fi
read -r -p "Release $commit as $tag and move $major to it? [y/N] " answer
[[ "$answer" =~ ^[Yy]$ ]] || fail 'nothing done'
for command in "${commands[@]}"; do
  echo "+ $command"
  eval "$command"
done
echo "Released $tag; $major follows it. Next: publish a GitHub release for $tag (docs/releasing.md)."
