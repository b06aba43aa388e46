// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS plugin of serverless.yml
const { nestTemplate } = require('../../../deploy/nested-stacks.cjs') as {
  nestTemplate: (template: Template, functionStacks: Record<string, string>, url: (file: string) => unknown) => Record<string, Template>;
};

/* eslint-disable @typescript-eslint/no-explicit-any -- CloudFormation templates are arbitrary JSON */
interface Template {
  Description?: string;
  Parameters?: Record<string, unknown>;
  Resources: Record<string, any>;
  Outputs?: Record<string, any>;
}

/** A function as the Framework compiles one with an HTTP route, its alarm and its log group. */
function template(): Template {
  return {
    Description: 'The service',
    Resources: {
      Table: { Type: 'AWS::DynamoDB::Table', Properties: {} },
      Api: { Type: 'AWS::ApiGatewayV2::Api', Properties: {} },
      Topic: { Type: 'AWS::SNS::Topic', Properties: {} },
      LikeRole: { Type: 'AWS::IAM::Role', Properties: { Policies: [{ Resource: { 'Fn::GetAtt': ['Table', 'Arn'] } }] } },
      LikeLogGroup: { Type: 'AWS::Logs::LogGroup', Properties: { LogGroupName: '/aws/lambda/like' } },
      LikeLambdaFunction: {
        Type: 'AWS::Lambda::Function',
        DependsOn: ['LikeLogGroup', 'LikeRole'],
        Properties: {
          Role: { 'Fn::GetAtt': ['LikeRole', 'Arn'] },
          Environment: { Variables: { TABLE: { Ref: 'Table' }, URL: { 'Fn::Sub': 'https://${Api}.execute-api.${AWS::Region}' } } },
        },
      },
      LikeIntegration: {
        Type: 'AWS::ApiGatewayV2::Integration',
        Properties: { ApiId: { Ref: 'Api' }, IntegrationUri: { 'Fn::GetAtt': ['LikeLambdaFunction', 'Arn'] } },
      },
      LikeRoute: {
        Type: 'AWS::ApiGatewayV2::Route',
        Properties: { ApiId: { Ref: 'Api' }, Target: { 'Fn::Join': ['/', ['integrations', { Ref: 'LikeIntegration' }]] } },
      },
      LikeAlarm: {
        Type: 'AWS::CloudWatch::Alarm',
        Properties: { AlarmActions: [{ Ref: 'Topic' }], Dimensions: [{ Value: { Ref: 'LikeLambdaFunction' } }] },
      },
      // Shared: names two groups' functions.
      Board: {
        Type: 'AWS::CloudWatch::Dashboard',
        Properties: { A: { Ref: 'LikeLambdaFunction' }, B: { Ref: 'JobsWorkerLambdaFunction' } },
      },
      JobsWorkerLambdaFunction: { Type: 'AWS::Lambda::Function', Properties: { Role: { 'Fn::GetAtt': ['LikeRole', 'Arn'] } } },
    },
    Outputs: { LikeArn: { Value: { 'Fn::GetAtt': ['LikeLambdaFunction', 'Arn'] } } },
  };
}

describe('nestTemplate', () => {
  const url = (file: string) => `https://bucket/${file}`;
  let root: Template;
  let nested: Record<string, Template>;

  beforeEach(() => {
    root = template();
    nested = nestTemplate(root, { LikeLambdaFunction: 'SocialSelling', JobsWorkerLambdaFunction: 'Workers' }, url);
  });

  it('moves each function with the resources that are its own alone, and keeps what is shared', () => {
    expect(Object.keys(nested['nested-social-selling.json']!.Resources).sort()).toEqual(
      ['LikeAlarm', 'LikeIntegration', 'LikeLambdaFunction', 'LikeLogGroup', 'LikeRoute'].sort(),
    );
    expect(Object.keys(root.Resources).sort()).toEqual(
      ['Api', 'Board', 'LikeRole', 'SocialSellingNestedStack', 'Table', 'Topic', 'WorkersNestedStack'].sort(),
    );
  });

  it('makes each reference to a shared resource a parameter the root passes, Sub strings included', () => {
    const social = nested['nested-social-selling.json']!;
    const stack = root.Resources.SocialSellingNestedStack;

    expect(social.Resources.LikeLambdaFunction.Properties.Role).toEqual({ Ref: 'LikeRoleArn' });
    expect(social.Resources.LikeLambdaFunction.Properties.Environment.Variables).toEqual({
      TABLE: { Ref: 'Table' },
      URL: { 'Fn::Sub': 'https://${Api}.execute-api.${AWS::Region}' },
    });
    expect(stack.Properties.Parameters).toEqual({
      LikeRoleArn: { 'Fn::GetAtt': ['LikeRole', 'Arn'] },
      Table: { Ref: 'Table' },
      Api: { Ref: 'Api' },
      Topic: { Ref: 'Topic' },
    });
    expect(Object.keys(social.Parameters!).sort()).toEqual(['Api', 'LikeRoleArn', 'Table', 'Topic']);
    expect(stack.Properties.TemplateURL).toBe('https://bucket/nested-social-selling.json');
  });

  it('keeps a dependency within its stack, and makes one on a shared resource the nested stack\u2019s', () => {
    expect(nested['nested-social-selling.json']!.Resources.LikeLambdaFunction.DependsOn).toEqual(['LikeLogGroup']);
    expect(root.Resources.SocialSellingNestedStack.DependsOn).toEqual(['LikeRole']);
  });

  it('reads a moved resource from the root through an output of its stack', () => {
    expect(root.Resources.Board.Properties).toEqual({
      A: { 'Fn::GetAtt': ['SocialSellingNestedStack', 'Outputs.LikeLambdaFunction'] },
      B: { 'Fn::GetAtt': ['WorkersNestedStack', 'Outputs.JobsWorkerLambdaFunction'] },
    });
    expect(root.Outputs!.LikeArn.Value).toEqual({ 'Fn::GetAtt': ['SocialSellingNestedStack', 'Outputs.LikeLambdaFunctionArn'] });
    expect(nested['nested-social-selling.json']!.Outputs).toEqual({
      LikeLambdaFunction: { Value: { Ref: 'LikeLambdaFunction' } },
      LikeLambdaFunctionArn: { Value: { 'Fn::GetAtt': ['LikeLambdaFunction', 'Arn'] } },
    });
  });

  it('refuses a root Sub string naming a moved resource, which no output could fill in', () => {
    const bad = template();
    bad.Resources.Board.Properties = { Body: { 'Fn::Sub': '${LikeLambdaFunction} ${JobsWorkerLambdaFunction}' } };

    expect(() => nestTemplate(bad, { LikeLambdaFunction: 'SocialSelling', JobsWorkerLambdaFunction: 'Workers' }, url)).toThrow(
      /Fn::Sub of the root names a resource of a nested stack/,
    );
  });
});
