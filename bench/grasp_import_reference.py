# The Python side of the GRASP import benchmark: scores the same rows `waypoint import grasp` does,
# the way upstream's code scores one answer. An independent transcription of the structure of
# jasontangzs0/GRASP's main.check_energy_result (a fresh GridEnvironment of 121 Cell objects and
# load_grid per call, an Agent, the token loop; environment.py imports numpy), written for this
# project from spec grasp.md §8; no upstream code. Upstream has no answer parser, so LLM answers
# go through spec §7's rule (last [...] list, numbered-list fallback) as a regex, and the score is
# the paper mode's (final cell, cost x tokens replayed), the mode the benchmark imports in.
#
# usage: python3 grasp_import_reference.py <gridsDir> <results file>...  -> JSON {"rows":N,"sum":x,"seconds":s}
import json
import os
import re
import sys
import time

import numpy as np  # noqa: F401  (as upstream's environment.py: part of what scoring with it costs)

STARTED = time.perf_counter()
GRID_SIZE = 11
MOVES = {'up': (-1, 0), 'down': (1, 0), 'left': (0, -1), 'right': (0, 1),
         'upleft': (-1, -1), 'upright': (-1, 1), 'downleft': (1, -1), 'downright': (1, 1)}
MU1 = ['UP', 'DOWN', 'LEFT', 'RIGHT']
MU2 = MU1 + ['UPLEFT', 'UPRIGHT', 'DOWNLEFT', 'DOWNRIGHT']
ACTION_WORD = re.compile(r'\b(?:UPLEFT|UPRIGHT|DOWNLEFT|DOWNRIGHT|UP|DOWN|LEFT|RIGHT|TAKE|DROP)\b', re.I)
BRACKETED = re.compile(r'\[([^\[\]]*)\]')
NUMBERED = re.compile(r'^[ \t]*\d+[.)][ \t]+(.*)$', re.M)


class Cell:
    def __init__(self, obstacle=False):
        self.obstacle = obstacle
        self.energy = 0


class Agent:
    def __init__(self, row, col):
        self.position = [row, col]
        self.energy = 0


class GridEnvironment:
    def __init__(self):
        self.grid = [[Cell() for _ in range(GRID_SIZE)] for _ in range(GRID_SIZE)]

    def load_grid(self, grid_string):
        lines = grid_string.strip().split('\n')
        for x in range(GRID_SIZE):
            for y in range(GRID_SIZE):
                self.grid[x][y].energy = 0
                self.grid[x][y].obstacle = False
        for x in range(GRID_SIZE):
            row = lines[2 + x * 2]
            for y in range(GRID_SIZE):
                content = row[4 + y * 4]
                if content == 'E':
                    self.grid[x][y].energy += 1
                elif content == 'O':
                    self.grid[x][y].obstacle = True

    def move_agent(self, agent, direction):
        d_row, d_col = MOVES[direction]
        row, col = agent.position[0] + d_row, agent.position[1] + d_col
        if 0 <= row < GRID_SIZE and 0 <= col < GRID_SIZE and not self.grid[row][col].obstacle:
            agent.position = [row, col]


def check_energy_result(grid_string, start, action_list, moves, carry_limit, cost):
    env = GridEnvironment()
    agent = Agent(start[0], start[1])
    env.load_grid(grid_string)
    action_list = action_list[:20]
    allowed = MU2 if moves == 8 else MU1
    for action in action_list:
        action = action.upper()
        if action in allowed:
            env.move_agent(agent, action.lower())
        elif action == 'TAKE':
            cell = env.grid[agent.position[0]][agent.position[1]]
            if agent.energy < carry_limit and cell.energy > 0:
                cell.energy -= 1
                agent.energy += 1
        elif action == 'DROP':
            env.grid[agent.position[0]][agent.position[1]].energy += agent.energy
            agent.energy = 0
    row, col = agent.position
    return env.grid[row][col].energy - cost * len(action_list)


def extract(text):
    chosen = None
    for match in BRACKETED.finditer(text):
        if ACTION_WORD.search(match.group(1)):
            chosen = match.group(1)
    if chosen is not None:
        return [piece.strip().strip('\'"`').strip() for piece in chosen.split(',')]
    tokens = []
    for line in NUMBERED.finditer(text):
        word = ACTION_WORD.search(line.group(1))
        if word:
            tokens.append(word.group(0))
    return tokens


def main():
    grids_dir, paths = sys.argv[1], sys.argv[2:]
    grids = {}
    for name in os.listdir(grids_dir):
        if name.endswith('.jsonl') and os.path.isfile(os.path.join(grids_dir, name)):
            with open(os.path.join(grids_dir, name), encoding='utf-8') as f:
                for line in f:
                    record = json.loads(line)
                    grids[(name, record['index'])] = record
    rows = 0
    total = 0.0
    for path in paths:
        baseline = os.path.basename(os.path.dirname(path)).endswith('_results')
        with open(path, encoding='utf-8') as f:
            for line in f:
                row = json.loads(line)
                if baseline:
                    grid = grids.get((os.path.basename(path), row['index']))
                    settings = (row['movement_prompt'], row['energy_limit_prompt'], row['cost_of_step_prompt'])
                    tokens = row['answer']
                else:
                    name, rest = row['custom_id'].split('.jsonl-', 1)
                    index, m, e, c = (int(part) for part in rest.split('-'))
                    grid = grids.get((name + '.jsonl', index))
                    settings = (8 if m else 4, 2 if e else 100, 0.3 if c else 0)
                    response = row['response']
                    text = response if isinstance(response, str) else response['body']['choices'][0]['message']['content']
                    tokens = extract(text)
                rows += 1
                if grid is not None:
                    total += check_energy_result(grid['grid'], grid['start'], tokens, *settings)
    print(json.dumps({'rows': rows, 'sum': total, 'seconds': time.perf_counter() - STARTED}))


main()
