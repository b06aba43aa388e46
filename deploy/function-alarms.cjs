'use strict';
/**
 * A plugin of this project's serverless.yml: one CloudWatch alarm for each function of the stack, on
 * its errors plus its throttles, so a function added to serverless.yml is watched without anyone
 * listing it. Its settings are serverless.yml's `custom.functionAlarms`.
 *
 * One alarm a function (metric math, both metrics in it) rather than one each: a CloudFormation stack
 * holds at most 500 resources, and two alarms a function would bring this one near that limit
 * (docs/production.md#alarms). A plugin rather than a variable: serverless.yml's resources can take
 * a generated resource, not a generated set of them.
 */

class FunctionAlarms {
  constructor(serverless) {
    this.serverless = serverless;
    this.hooks = {
      // Once serverless.yml's own resources are in the template: the alarm topic is there.
      'after:aws:package:finalize:mergeCustomProviderResources': () => this.addAlarms(),
    };
  }

  addAlarms() {
    const { service } = this.serverless;
    const naming = this.serverless.getProvider('aws').naming;
    const settings = (service.custom ?? {}).functionAlarms;
    if (!settings || settings.threshold == null || !settings.periodSeconds || !settings.topic) {
      throw new this.serverless.classes.Error(
        'custom.functionAlarms needs threshold, periodSeconds and topic (deploy/function-alarms.cjs).',
      );
    }
    const resources = service.provider.compiledCloudFormationTemplate.Resources;
    for (const key of service.getAllFunctions()) {
      const alarmId = `${naming.getNormalizedFunctionName(key)}FunctionAlarm`;
      if (resources[alarmId]) throw new this.serverless.classes.Error(`${alarmId} is already a resource of the stack.`);
      resources[alarmId] = functionAlarm(service.getFunction(key).name, naming.getLambdaLogicalId(key), naming, settings);
    }
  }
}

/** The alarm of one function: the sum of its errors and throttles over a period, at or above the threshold. */
function functionAlarm(functionName, functionId, naming, { threshold, periodSeconds, topic, dashboard }) {
  const metric = (id, metricName) => ({
    Id: id,
    ReturnData: false,
    MetricStat: {
      Metric: { Namespace: 'AWS/Lambda', MetricName: metricName, Dimensions: [{ Name: 'FunctionName', Value: { Ref: functionId } }] },
      Period: periodSeconds,
      Stat: 'Sum',
    },
  });
  return {
    Type: 'AWS::CloudWatch::Alarm',
    Properties: {
      AlarmDescription:
        `${functionName} had ${threshold} or more errors or throttles in ${periodSeconds / 60} minutes. ` +
        `Errors (an uncaught exception, a timeout): read its log group ${naming.getLogGroupName(functionName)}. ` +
        `Throttles: the region's Lambda concurrency is used up; find the function taking it on the dashboard ` +
        `(${dashboard}) and raise the quota or limit that function (docs/production.md#alarms).`,
      Threshold: threshold,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      EvaluationPeriods: 1,
      TreatMissingData: 'notBreaching',
      AlarmActions: [topic],
      OKActions: [topic],
      Metrics: [
        // A period with no throttle has no Throttles data point: FILL reads it as 0, so the errors still count.
        { Id: 'failures', Label: 'errors + throttles', Expression: 'FILL(errors, 0) + FILL(throttles, 0)', ReturnData: true },
        metric('errors', 'Errors'),
        metric('throttles', 'Throttles'),
      ],
    },
  };
}

module.exports = FunctionAlarms;
