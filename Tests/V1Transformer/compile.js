#!/usr/bin/env node
// Compiles an Amplify v1 source schema with the real v1 transformer (graphql-transformer-core 6.29 and
// the model, key, connection, versioned and auth transformers, as bundled in the cdk-appsync-transformer
// wheel that `make v1-transformer` unpacks), so tests can compare gqlpatch's reading of a v1 source schema
// with what the transformer really compiles from it.
//
//   node compile.js --modules DIR --schema FILE [--transform-conf FILE] [--cli-json FILE] [--out-schema FILE]
//                   [--default-auth API_KEY|AMAZON_COGNITO_USER_POOLS]
//
// The default authentication is an API key; owner and group rules need user pools (the auth transformer
// refuses them otherwise).
//
// stdout: one JSON document {"schema": SDL, "tables": {Model: {"keySchema": [...], "indexes": {...}}},
// "versioned": [Model, ...], "versionedFields": {Model: {"versionField", "versionInput"}}}; with --out-schema
// the SDL is also written to FILE.
'use strict';
const fs = require('fs');

function parseArguments(argv) {
  const options = {};
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i];
    const value = argv[i + 1];
    if (!name.startsWith('--') || value === undefined) {
      throw new Error(`usage: compile.js --modules DIR --schema FILE [--transform-conf FILE] [--cli-json FILE]`);
    }
    options[name.slice(2)] = value;
  }
  if (!options.modules || !options.schema) throw new Error('--modules and --schema are required');
  return options;
}

function defaultAuthentication(options) {
  const type = options['default-auth'] || 'API_KEY';
  if (type === 'API_KEY') return { authenticationType: type };
  if (type === 'AMAZON_COGNITO_USER_POOLS') return { authenticationType: type, userPoolConfig: { userPoolId: 'pool' } };
  throw new Error(`--default-auth: ${type} is not API_KEY or AMAZON_COGNITO_USER_POOLS`);
}

// The Amplify CLI reads transform.conf.json leniently (trailing commas are accepted).
function readLenientJSON(path) {
  const text = fs.readFileSync(path, 'utf8').replace(/,(\s*[}\]])/g, '$1');
  return JSON.parse(text);
}

// The CLI's feature-flag provider: `graphqltransformer` flags from cli.json, names compared lowercased;
// a flag the file does not set takes the caller's default, else false (the pre-flag behaviour).
function featureFlags(cliJSON) {
  const section = (cliJSON && cliJSON.features && cliJSON.features.graphqltransformer) || {};
  const lowered = {};
  for (const [name, value] of Object.entries(section)) lowered[name.toLowerCase()] = value;
  const value = (name, fallback) => {
    const key = name.toLowerCase();
    if (key in lowered) return lowered[key];
    return fallback === undefined ? false : fallback;
  };
  return {
    getBoolean: (name, fallback) => Boolean(value(name, fallback)),
    getString: (name, fallback) => value(name, fallback),
    getNumber: (name, fallback) => Number(value(name, fallback)),
    getObject: () => ({}),
  };
}

function keySchema(elements) {
  return (elements || []).map((element) => ({ name: element.AttributeName, type: element.KeyType }));
}

function tables(stacks) {
  const result = {};
  for (const [stackName, stack] of Object.entries(stacks)) {
    for (const resource of Object.values(stack.Resources || {})) {
      if (resource.Type !== 'AWS::DynamoDB::Table') continue;
      const properties = resource.Properties;
      const indexes = {};
      for (const index of [...(properties.GlobalSecondaryIndexes || []), ...(properties.LocalSecondaryIndexes || [])]) {
        indexes[index.IndexName] = keySchema(index.KeySchema);
      }
      result[stackName] = { keySchema: keySchema(properties.KeySchema), indexes };
    }
  }
  return result;
}

function main() {
  const options = parseArguments(process.argv.slice(2));
  const modules = `${options.modules}/`;
  const core = require(modules + 'graphql-transformer-core');
  const { DynamoDBModelTransformer } = require(modules + 'graphql-dynamodb-transformer');
  const { KeyTransformer } = require(modules + 'graphql-key-transformer');
  const { ModelConnectionTransformer } = require(modules + 'graphql-connection-transformer');
  const { VersionedModelTransformer } = require(modules + 'graphql-versioned-transformer');
  const { ModelAuthTransformer } = require(modules + 'graphql-auth-transformer');
  const transformConfig = options['transform-conf'] ? readLenientJSON(options['transform-conf']) : { Version: 5 };
  const cliJSON = options['cli-json'] ? readLenientJSON(options['cli-json']) : null;
  const transform = new core.GraphQLTransform({
    transformers: [
      new DynamoDBModelTransformer(),
      new KeyTransformer(),
      new ModelConnectionTransformer(),
      new VersionedModelTransformer(),
      new ModelAuthTransformer({
        authConfig: { defaultAuthentication: defaultAuthentication(options), additionalAuthenticationProviders: [] },
      }),
    ],
    featureFlags: featureFlags(cliJSON),
    transformConfig,
  });
  const output = transform.transform(fs.readFileSync(options.schema, 'utf8'));
  const versioned = Object.entries(output.resolvers || {})
    .filter(([name, template]) => /^Mutation\.update.*\.req\.vtl$/.test(name) && /expectedVersion/.test(template))
    .map(([name]) => name.replace(/^Mutation\.update/, '').replace(/\.req\.vtl$/, ''));
  // `@versioned`'s field names as its update resolver's condition spells them (`#version = :expectedVersion`,
  // renamed by `versionField`/`versionInput`), so the emulator can serve their semantics.
  const versionedFields = {};
  for (const [name, template] of Object.entries(output.resolvers || {})) {
    const model = /^Mutation\.update(.*)\.req\.vtl$/.exec(name);
    const condition = model && /"expression": "#(\w+) = :(\w+)"/.exec(template);
    if (condition) versionedFields[model[1]] = { versionField: condition[1], versionInput: condition[2] };
  }
  if (options['out-schema']) fs.writeFileSync(options['out-schema'], output.schema);
  process.stdout.write(JSON.stringify({ schema: output.schema, tables: tables(output.stacks || {}), versioned, versionedFields }) + '\n');
}

try {
  main();
} catch (error) {
  process.stderr.write(`compile.js: error: ${error && error.message ? error.message : error}\n`);
  process.exit(1);
}
