'use strict';
/**
 * A plugin of this project's serverless.yml: the stack's CloudWatch dashboard, made from the stack
 * itself, so every function and queue added to serverless.yml is on it. It shows the API (answers,
 * 5xx, latency), the service's own metrics (the metrics contract: docs/production.md#dashboard), the
 * work queues (depth, age of the oldest message) and dead-letter queues, and each function's errors,
 * throttles and duration. Its settings are serverless.yml's `custom.dashboard`.
 */

/**
 * The service's metrics (Powertools Metrics), with the dimensions each is emitted with besides
 * `service`. Those with none are totals, drawn as they are; the others are found by SEARCH, one line
 * per combination of their dimensions.
 */
const SERVICE_METRICS = [
  { title: 'Requests by route and status', metric: 'Requests', dimensions: ['route', 'status'], stat: 'Sum' },
  { title: 'Jobs accepted by type', metric: 'JobsAccepted', dimensions: ['type'], stat: 'Sum' },
  { title: 'Actions ended by kind and result', metric: 'ActionsEnded', dimensions: ['kind', 'result'], stat: 'Sum' },
  { title: 'Deferrals by reason', metric: 'Deferrals', dimensions: ['reason'], stat: 'Sum' },
  { title: 'Provider calls and failures', metric: ['ProviderCalls', 'ProviderFailures'], dimensions: [], stat: 'Sum' },
  { title: 'Provider errors by type', metric: 'ProviderErrors', dimensions: ['type'], stat: 'Sum' },
  { title: 'Webhook deliveries by outcome', metric: 'WebhookDeliveries', dimensions: ['outcome'], stat: 'Sum' },
  { title: 'Transcript analysis duration (ms)', metric: 'TranscriptAnalysisDuration', dimensions: [], stat: ['p50', 'p99', 'Maximum'] },
  { title: 'Transcript words analysed', metric: 'TranscriptWords', dimensions: [], stat: 'Sum' },
];

const PERIOD = 300;
const COLUMNS = 24;

class Dashboard {
  constructor(serverless) {
    this.serverless = serverless;
    this.hooks = {
      // Once serverless.yml's own resources (the queues) are in the template with the functions and the API.
      'after:aws:package:finalize:mergeCustomProviderResources': () => this.addDashboard(),
    };
  }

  addDashboard() {
    const { service } = this.serverless;
    const naming = this.serverless.getProvider('aws').naming;
    const settings = (service.custom ?? {}).dashboard;
    if (!settings || !settings.name || !settings.metricsNamespace) {
      throw new this.serverless.classes.Error('custom.dashboard needs name and metricsNamespace (deploy/dashboard.cjs).');
    }
    const resources = service.provider.compiledCloudFormationTemplate.Resources;
    const queues = Object.entries(resources).filter(([, resource]) => resource.Type === 'AWS::SQS::Queue');
    const workQueues = queues.filter(([, queue]) => queue.Properties && queue.Properties.RedrivePolicy).map(([id]) => id);
    const deadLetterQueues = queues.map(([id]) => id).filter((id) => !workQueues.includes(id));
    // By the name each function is deployed with, not a reference: the functions live in nested
    // stacks (deploy/nested-stacks.cjs), which the dashboard's stack cannot refer into.
    const functions = service.getAllFunctions().map((key) => ({ key, name: service.getFunction(key).name }));
    const stack = {
      api: resources[naming.getHttpApiLogicalId()] ? naming.getHttpApiLogicalId() : undefined,
      service: service.service,
      namespace: settings.metricsNamespace,
      workQueues,
      deadLetterQueues,
      functions,
    };
    if (resources.Dashboard) throw new this.serverless.classes.Error('Dashboard is already a resource of the stack.');
    resources.Dashboard = {
      Type: 'AWS::CloudWatch::Dashboard',
      Properties: {
        DashboardName: settings.name,
        // ${Id} and ${Id.Attribute} are the stack's resources, filled in by CloudFormation.
        DashboardBody: { 'Fn::Sub': JSON.stringify({ widgets: layOut(widgets(stack)) }) },
      },
    };
  }
}

/** The widgets, in rows: a heading, then graphs side by side. */
function widgets({ api, service, namespace, workQueues, deadLetterQueues, functions }) {
  const rows = [];
  if (api) {
    const apiMetric = (metric, options) => ['AWS/ApiGateway', metric, 'ApiId', '${' + api + '}', options];
    rows.push(heading('The API'), [
      graph('Answers', [apiMetric('Count', { label: 'all' }), apiMetric('4xx'), apiMetric('5xx')], 'Sum'),
      graph(
        'Latency (ms)',
        [apiMetric('Latency', { stat: 'p50' }), apiMetric('Latency', { stat: 'p99' }), apiMetric('IntegrationLatency', { stat: 'p99' })],
        'p99',
      ),
      graph(
        '5xx share of the answers (%)',
        [
          { expression: '100 * FILL(errors, 0) / answers', label: '5xx %', id: 'share' },
          apiMetric('5xx', { id: 'errors', visible: false }),
          apiMetric('Count', { id: 'answers', visible: false }),
        ],
        'Sum',
      ),
    ]);
  }
  rows.push(heading(`The service (namespace ${namespace}, service ${service})`));
  const serviceGraphs = SERVICE_METRICS.map(({ title, metric, dimensions, stat }) => {
    if (dimensions.length) {
      const schema = [namespace, ...[...dimensions, 'service'].sort()].join(',');
      const query = `{${schema}} MetricName="${metric}" service="${service}"`;
      return graph(title, [{ expression: `SEARCH('${query}', '${stat}', ${PERIOD})`, id: lowerFirst(metric) }], stat);
    }
    const metrics = []
      .concat(metric)
      .flatMap((name) =>
        [].concat(stat).map((statistic) => [namespace, name, 'service', service, { stat: statistic, label: `${name} ${statistic}` }]),
      );
    return graph(title, metrics, [].concat(stat)[0]);
  });
  for (let i = 0; i < serviceGraphs.length; i += 3) rows.push(serviceGraphs.slice(i, i + 3));

  const queueMetric = (metric) => (id) => ['AWS/SQS', metric, 'QueueName', '${' + id + '.QueueName}', { label: id }];
  rows.push(heading('Queues'), [
    graph('Work queues: messages waiting', workQueues.map(queueMetric('ApproximateNumberOfMessagesVisible')), 'Maximum'),
    graph('Work queues: age of the oldest message (s)', workQueues.map(queueMetric('ApproximateAgeOfOldestMessage')), 'Maximum'),
    graph('Dead-letter queues: messages', deadLetterQueues.map(queueMetric('ApproximateNumberOfMessagesVisible')), 'Maximum'),
  ]);

  const functionMetric = (metric, stat) => (fn) => ['AWS/Lambda', metric, 'FunctionName', fn.name, { label: fn.key, stat }];
  rows.push(
    heading('Functions'),
    [
      graph('Errors', functions.map(functionMetric('Errors', 'Sum')), 'Sum', COLUMNS / 2),
      graph('Throttles', functions.map(functionMetric('Throttles', 'Sum')), 'Sum', COLUMNS / 2),
    ],
    [graph('Duration p99 (ms)', functions.map(functionMetric('Duration', 'p99')), 'p99', COLUMNS)],
  );
  return rows;
}

const lowerFirst = (text) => text[0].toLowerCase() + text.slice(1);

function heading(text) {
  return [{ type: 'text', width: COLUMNS, height: 1, properties: { markdown: `## ${text}` } }];
}

function graph(title, metrics, stat, width = COLUMNS / 3) {
  const many = metrics.length > 8;
  return {
    type: 'metric',
    width,
    height: many ? 9 : 6,
    properties: {
      title,
      region: '${AWS::Region}',
      view: 'timeSeries',
      stacked: false,
      period: PERIOD,
      stat,
      metrics: metrics.map((metric) => (Array.isArray(metric) ? metric.filter((part) => part !== undefined) : [metric])),
      ...(many ? { legend: { position: 'right' } } : {}),
    },
  };
}

/** Positions each row's widgets left to right, each row under the one before. */
function layOut(rows) {
  let y = 0;
  return rows.flatMap((row) => {
    let x = 0;
    const placed = row.map((widget) => {
      const at = { ...widget, x, y };
      x += widget.width;
      return at;
    });
    y += Math.max(...row.map((widget) => widget.height));
    return placed;
  });
}

module.exports = Dashboard;
