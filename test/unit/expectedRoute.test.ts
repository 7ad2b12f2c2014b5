// The maze view's expected route is computed by core (expectedRoute.ts) and is the oracle's route:
// at equal length it takes the same moves the MANGO oracle answers with, not a route of its own.
import { strict as assert } from 'node:assert';
import { oracleAnswer } from '../../src/core/benchmarks/mango/agents';
import type { MangoQuestion } from '../../src/core/benchmarks/mango/questionSchema';
import { expectedRoute } from '../../src/core/benchmarks/mango/maze/expectedRoute';
import { buildMazeGraph } from '../../src/core/benchmarks/mango/maze/maze';
import { edge } from '../support/mangoEdges';

describe('expected route (core, as the maze view draws it)', () => {
  // Two routes of two moves from the yard to the tower. The shed comes first in edges.json, and the
  // evaluator imputes shed —north→ tower (the reverse of tower —south→ shed), so a BFS over explicit
  // and imputed edges (the view's own, before) reaches the tower through the shed. The oracle
  // answers from edges.json alone: through the hall.
  const records = [
    edge('yard', 'east', 'shed'),
    edge('yard', 'north', 'hall'),
    edge('hall', 'north', 'tower'),
    edge('tower', 'south', 'shed'),
  ];
  const graph = buildMazeGraph('two-ways', records, [], { start: 'yard', lastStep: 1 });
  const question: MangoQuestion = {
    benchmark: 'mango',
    game: 'two-ways',
    task: 'rf',
    sampleId: 'rf-1',
    src: 'yard',
    dst: 'tower',
    actionList: [],
    answerable: true,
    easy: true,
    cutoff: 1,
  };

  it('draws the oracle route when two routes have the same length', () => {
    assert.ok(
      graph.edges.some((candidate) => !candidate.explicit && candidate.src === 'shed' && candidate.dst === 'tower'),
      'the imputed reverse that makes the second route',
    );
    const route = expectedRoute(graph, { task: 'rf', src: 'yard', dst: 'tower', actions: [] }, 1);
    assert.equal(route.problem, null);
    assert.deepEqual(
      route.steps.map((step) => [step.from, step.action, step.to, step.edgeId]),
      [
        ['yard', 'north', 'hall', '1'],
        ['hall', 'north', 'tower', '2'],
      ],
    );
    const oracle = oracleAnswer(records, question);
    for (const step of route.steps)
      assert.ok(
        oracle.includes(
          `'location_before': '${step.from}', 'action': '${step.action}', 'location_after': '${step.to}'`,
        ),
        `the oracle walks ${step.from} → ${step.to}: ${oracle}`,
      );
  });

  it('says when the route needs moves learnt after the cutoff, and follows the walkthrough for DF', () => {
    const late = buildMazeGraph('late', [edge('yard', 'north', 'hall', 1), edge('hall', 'north', 'tower', 9)], [], {
      start: 'yard',
      lastStep: 9,
    });
    const route = expectedRoute(late, { task: 'rf', src: 'yard', dst: 'tower', actions: [] }, 3);
    assert.equal(route.steps.length, 2);
    assert.equal(route.problem, 'needs moves known only after step 3');
    const walk = expectedRoute(graph, { task: 'df', src: 'yard', dst: 'shed', actions: ['east', 'north'] }, null);
    assert.deepEqual(
      walk.steps.map((step) => step.to),
      ['shed', 'tower'],
      'DF follows the actions, imputed moves included',
    );
    assert.deepEqual(expectedRoute(graph, { task: 'map', src: 'yard', dst: 'yard', actions: [] }, null), {
      steps: [],
      problem: null,
    });
  });
});
