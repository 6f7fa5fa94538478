#!/usr/bin/env bash
# Scenario 1 peer: the same versioned update as two gql-cli calls (jq picks _version out).
# Usage: gql_cli_update.sh GQL_CLI URL API_KEY ID NAME
set -euo pipefail
gql=$1 url=$2 key=$3 id=$4 name=$5
fields='id name description tags createdAt updatedAt _version _deleted _lastChangedAt'
version=$(echo "query GetItem(\$id: ID!) { getItem(id: \$id) { $fields } }" |
    "$gql" "$url" -H "x-api-key:$key" -V "id:\"$id\"" | jq -e '.getItem._version')
echo "mutation UpdateItem(\$input: UpdateItemInput!) { updateItem(input: \$input) { $fields } }" |
    "$gql" "$url" -H "x-api-key:$key" -V "input:{\"id\":\"$id\",\"name\":\"$name\",\"_version\":$version}"
