#!/bin/sh
# Whether the commits from BASE to HEAD change anything but the firm's content and art, the files the CMS
# edits: content/**/*.yaml and content/**/*.md, and everything under art/. Prints engine=true or
# engine=false, a line for $GITHUB_OUTPUT. The deploy (deploy.yml) and the pull-request check (check.yml)
# run npm test only when it prints engine=true: the content itself is checked by the build.
#   .github/scripts/engine-changed.sh BASE [HEAD]
# BASE is the commit before a push (github.event.before) or a pull request's base; when it is unknown (a new
# branch, a force push past it, none given) every file may have changed, so it prints engine=true.
base=$1
head=${2:-HEAD}
if [ -z "$base" ] || ! git cat-file -e "$base^{commit}" 2>/dev/null; then
  echo engine=true
  exit 0
fi
# Every path a commit touched, a renamed file under both its names; BASE...HEAD: since their common commit.
if ! changed=$(git diff --name-only --no-renames "$base...$head"); then
  echo engine=true
  exit 0
fi
if printf '%s\n' "$changed" | grep -Ev '^$|^content/.+\.(ya?ml|md)$|^art/' | grep -q .; then
  echo engine=true
else
  echo engine=false
fi
