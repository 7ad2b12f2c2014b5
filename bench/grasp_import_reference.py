# The Python side of the GRASP import benchmark: scores the same rows `waypoint import grasp` does,
# the way upstream's code scores one answer. An independent transcription of the structure of
# jasontangzs0/GRASP's main.check_energy_result (a fresh GridEnvironment of 121 Cell objects and
# load_grid per call, an Agent, the token loop; environment.py imports numpy), written for this
# project from spec grasp.md §8 (same objects and calls per answer); no upstream code. Upstream has
# no answer parser, so LLM answers go through spec §7's rule as the paper mode reads it (last [...]
# list, a final unclosed [ to the end, numbered-list fallback), and the score is the paper mode's
# (final cell, cost x tokens replayed), the mode the benchmark imports in: the sum of the scores
# must equal Waypoint's, which the benchmark checks.
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

    def place_energy(self):
        self.energy += 1

    def remove_energy(self):
        if self.energy > 0:
            self.energy -= 1

    def has_energy(self):
        return self.energy > 0

    def place_n_energy(self, n):
        self.energy += n

    def reset(self):
        self.energy = 0
        self.obstacle = False

    def set_obstacle(self):
        self.obstacle = True
        self.energy = 0


class Agent:
    def __init__(self, row, col):
        self.position = [row, col]
        self.energy = 0

    def move(self, direction):
        if direction == 'up':
            self.position[0] -= 1
        elif direction == 'down':
            self.position[0] += 1
        elif direction == 'left':
            self.position[1] -= 1
        elif direction == 'right':
            self.position[1] += 1
        elif direction == 'upleft':
            self.position[0] -= 1
            self.position[1] -= 1
        elif direction == 'upright':
            self.position[0] -= 1
            self.position[1] += 1
        elif direction == 'downleft':
            self.position[0] += 1
            self.position[1] -= 1
        elif direction == 'downright':
            self.position[0] += 1
            self.position[1] += 1

    def take_energy(self):
        self.energy += 1

    def report_position(self):
        return self.position

    def drop_all_energy(self):
        energy = self.energy
        self.energy = 0
        return energy


class GridEnvironment:
    def __init__(self, grid_size=GRID_SIZE):
        self.grid_size = grid_size
        self.grid = [[Cell() for _ in range(self.grid_size)] for _ in range(self.grid_size)]

    def take_energy(self, agent):
        x, y = agent.report_position()
        if self.grid[x][y].has_energy():
            self.grid[x][y].remove_energy()
            agent.take_energy()

    def drop_all_energy(self, agent):
        x, y = agent.report_position()
        if agent.energy > 0:
            self.grid[x][y].place_n_energy(agent.drop_all_energy())

    def move_agent(self, agent, direction):
        # One bounds-and-obstacle test per direction, as a chain of ifs (spec §8: target cell only).
        row, col = agent.report_position()
        d_row, d_col = MOVES[direction]
        if direction == 'up':
            ok = row > 0
        elif direction == 'down':
            ok = row < self.grid_size - 1
        elif direction == 'left':
            ok = col > 0
        elif direction == 'right':
            ok = col < self.grid_size - 1
        elif direction == 'upleft':
            ok = row > 0 and col > 0
        elif direction == 'upright':
            ok = row > 0 and col < self.grid_size - 1
        elif direction == 'downleft':
            ok = row < self.grid_size - 1 and col > 0
        else:
            ok = row < self.grid_size - 1 and col < self.grid_size - 1
        if ok and not self.grid[row + d_row][col + d_col].obstacle:
            agent.move(direction)
            return True
        return False

    def load_grid(self, grid_string):
        lines = grid_string.strip().split('\n')
        for x in range(self.grid_size):
            for y in range(self.grid_size):
                self.grid[x][y].reset()
        for x in range(self.grid_size):
            row = lines[2 + x * 2]
            for y in range(self.grid_size):
                content = row[4 + y * 4]
                if content == 'E':
                    self.grid[x][y].place_energy()
                elif content == 'O':
                    self.grid[x][y].set_obstacle()


def check_energy_result(grid_string, start, action_list, moves, carry_limit, cost):
    env = GridEnvironment()
    agent = Agent(start[0], start[1])
    env.load_grid(grid_string)
    if len(action_list) > 20:
        action_list = action_list[:20]
    replayed = len(action_list)
    for action in action_list:
        action = action.upper()
        # Rebuilt per token, as upstream's loop does.
        allowed = MU2 if moves == 8 else MU1
        if action in allowed:
            env.move_agent(agent, action.lower())
        elif action == 'TAKE':
            if agent.energy < carry_limit:
                env.take_energy(agent)
        elif action == 'DROP':
            env.drop_all_energy(agent)
    # The paper mode: the cell where the agent ends, cost x tokens replayed.
    row, col = agent.report_position()
    return env.grid[row][col].energy - cost * replayed


def extract(text):
    chosen = None
    for match in BRACKETED.finditer(text):
        if ACTION_WORD.search(match.group(1)):
            chosen = match.group(1)
    # The paper mode's reading: a final [ never closed runs to the end.
    opened = text.rfind('[')
    if opened >= 0 and ']' not in text[opened:] and ACTION_WORD.search(text[opened + 1:]):
        chosen = text[opened + 1:]
    if chosen is not None:
        return [piece.strip(' \t\n\r\x0b\x0c\'"`') for piece in chosen.split(',')]
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
