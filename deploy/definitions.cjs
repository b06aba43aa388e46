// serverless.yml's functions and their roles (`${file(./deploy/definitions.cjs):functions}`
// and `:roles`), made from the TypeScript definitions of every function (serverless-entries.ts).
const { require: requireTypeScript } = require('tsx/cjs/api');

module.exports = () => requireTypeScript('./serverless-entries.ts', __filename).serverlessEntries();
