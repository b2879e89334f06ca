#!/usr/bin/env node
// The CLI is TypeScript run through tsx (a dependency of this package): no build step to forget.
import { require as requireTs } from "tsx/cjs/api";

requireTs("../src/cli/generate.ts", import.meta.url);
