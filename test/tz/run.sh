#!/usr/bin/env bash
# Runs the period tests under several host time zones (date-fns scripts/test/tz.sh style).
# The engine reads zones from Intl only, so every run must pass identically: a failure
# under one TZ means some code used the host's local time.
set -euo pipefail
cd "$(dirname "$0")/../.."
ZONES=(UTC Pacific/Apia Asia/Kolkata America/Santiago Australia/Lord_Howe Europe/Paris America/New_York Pacific/Kiritimati)
status=0
for zone in "${ZONES[@]}"; do
  echo "== TZ=$zone"
  if ! TZ="$zone" npx vitest run test/unit/period test/properties/period.prop.test.ts "$@"; then
    echo "!! failed under TZ=$zone"
    status=1
  fi
done
exit $status
