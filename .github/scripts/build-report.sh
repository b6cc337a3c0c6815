#!/bin/bash
# npm run build, reported where a pull request shows it: on failure each of the build's error lines (what it
# prints to stderr, which names the file, the line and the fix) becomes an error of the check, and the job's
# summary ($GITHUB_STEP_SUMMARY) lists them; on success the summary says so, with the build's advice.
# Exits as the build did. Run by .github/workflows/check.yml; outside GitHub the summary goes to stdout.
summary=${GITHUB_STEP_SUMMARY:-/dev/stdout}
errors=$(mktemp)
status=0
npm run build 2> "$errors" || status=$?
# The build's own lines, not npm's note that a script failed.
lines=$(grep -v -e '^npm ERR!' -e '^npm error' "$errors")
printf '%s\n' "$lines" >&2
if [ "$status" -eq 0 ]; then
  {
    echo "## The site builds"
    echo
    echo "Every content file, page and link passed the build's checks."
    if [ -n "$lines" ]; then
      echo
      echo "Advice from the build (nothing that stops it):"
      echo
      printf '%s\n' "$lines" | sed 's/^/    /'
    fi
  } >> "$summary"
else
  {
    echo "## The site does not build"
    echo
    echo "Fix what each line names, in the file and at the line it names, then save the file again:"
    echo
    printf '%s\n' "$lines" | sed 's/^/    /'
  } >> "$summary"
  # Each line an error of the check (GitHub's workflow command, % and carriage returns escaped as it asks),
  # shown on the file and line it names where it names one.
  printf '%s\n' "$lines" | while IFS= read -r line; do
    [ -n "$line" ] || continue
    message=$(printf '%s' "$line" | sed -e 's/%/%25/g' -e 's/\r/%0D/g')
    if [[ $line =~ ([A-Za-z0-9_./-]+\.[A-Za-z]+):([0-9]+) ]]; then
      echo "::error file=${BASH_REMATCH[1]},line=${BASH_REMATCH[2]},title=The site does not build::$message"
    else
      echo "::error title=The site does not build::$message"
    fi
  done
fi
rm -f "$errors"
exit "$status"
