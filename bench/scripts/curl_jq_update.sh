#!/usr/bin/env bash
# Scenario 1 peer: a versioned partial update as a user would script it with curl and jq.
# Usage: curl_jq_update.sh URL API_KEY ID NAME
set -euo pipefail
url=$1 key=$2 id=$3 name=$4
fields='id name description tags createdAt updatedAt _version _deleted _lastChangedAt'
get=$(printf '{"query":"query GetItem($id: ID!) { getItem(id: $id) { %s } }","variables":{"id":"%s"}}' "$fields" "$id")
version=$(curl -sS --fail -H "x-api-key: $key" -H 'Content-Type: application/json' --data-raw "$get" "$url" |
    jq -e '.data.getItem._version')
update=$(printf '{"query":"mutation UpdateItem($input: UpdateItemInput!) { updateItem(input: $input) { %s } }","variables":{"input":{"id":"%s","name":"%s","_version":%s}}}' \
    "$fields" "$id" "$name" "$version")
curl -sS --fail -H "x-api-key: $key" -H 'Content-Type: application/json' --data-raw "$update" "$url" |
    jq -ce '.data.updateItem'
