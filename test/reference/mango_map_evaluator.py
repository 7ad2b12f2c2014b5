# An independent Python transcription of the released MANGO evaluator as spec mango.md §7
# describes it (networkx G_eval, list(set) action order, max(key=...) tie-breaking, the DF
# self-comparison defect). The tests run it under several PYTHONHASHSEED values to check that
# Waypoint's reference mode matches it exactly where the evaluator is deterministic and brackets it
# (min-max) where set order decides. Written from the spec for this project; no upstream code.
#
# usage: python3 mango_map_evaluator.py <gameDir> <answers.jsonl>  -> JSON list of per-record scores
import ast
import json
import os
import sys

import networkx as nx

OPPOSITE = {'north': 'south', 'south': 'north', 'east': 'west', 'west': 'east', 'northeast': 'southwest',
            'southwest': 'northeast', 'northwest': 'southeast', 'southeast': 'northwest', 'up': 'down', 'down': 'up'}


def edit_similarity(s1, s2):
    s1, s2 = s1.lower(), s2.lower()
    if len(s1) == 0 and len(s2) == 0:
        return 0
    previous = list(range(len(s2) + 1))
    for i, a in enumerate(s1, 1):
        current = [i]
        for j, b in enumerate(s2, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a != b)))
        previous = current
    return 1 - previous[-1] / max(len(s1), len(s2))


def build_graph(game_dir):
    game = os.path.basename(game_dir.rstrip('/'))
    graph = nx.MultiDiGraph()
    with open(os.path.join(game_dir, game + '.edges.json')) as handle:
        for edge in json.load(handle):
            graph.add_edge(edge['src_node'], edge['dst_node'], action=edge['action'])
    for u, v, data in list(graph.edges(data=True)):
        reverse = OPPOSITE.get(data['action'])
        if reverse is None:
            continue
        existing = graph.get_edge_data(v, u) or {}
        if not any(d['action'] == reverse for d in existing.values()):
            graph.add_edge(v, u, action=reverse)
    return graph


def parse(response):
    text = response.strip()
    try:
        value = ast.literal_eval(text[text.find('['): text.find(']') + 1])
    except Exception:
        return None
    if not isinstance(value, list) or len(value) == 0:
        return None
    for step in value:
        if not isinstance(step, dict) or not all(isinstance(step.get(k), str) for k in ('location_before', 'action', 'location_after')):
            return None
    return value


def bfs(graph, src, actions):
    found, queue = [], [(src, 0)]
    while queue:
        node, i = queue.pop(0)
        if i == len(actions):
            found.append(node)
            continue
        if node not in graph:
            continue
        for _, nxt, data in graph.out_edges(node, data=True):
            if data['action'].lower() == actions[i].lower():
                queue.append((nxt, i + 1))
    return found


def full_path_ok(graph, path, src, dst):
    if path[0]['location_before'] != src or path[-1]['location_after'] != dst:
        return 0
    for i, step in enumerate(path):
        before, after, action = step['location_before'].strip(), step['location_after'].strip(), step['action'].strip()
        data = graph.get_edge_data(before, after) if before in graph and after in graph else None
        if not data or not any(d['action'] == action for d in data.values()):
            return 0
        if i > 0 and path[i - 1]['location_after'] != step['location_before']:
            return 0
    return 1


def score(graph, record):
    path = parse(record['response'])
    if path is None:
        return {'parse_error': True}
    src, dst = record['src_node'], record['dst_node']
    if record['task'] == 'desti_finding':
        nodes = bfs(graph, src, record['action_list'])
        value = max(edit_similarity(d, d) == 1 for d in nodes)  # the self-comparison defect
        return {'parse_error': False, 'strict': int(value), 'loose': float(value),
                'reasoning': max(full_path_ok(graph, path, src, d) for d in nodes)}
    actions_gt = list({data['action'].lower() for _, _, data in graph.edges(data=True)})
    loose_actions = [max(actions_gt, key=lambda a: edit_similarity(step['action'].lower(), a)) for step in path]
    strict_actions = [max(actions_gt, key=lambda a: int(step['action'].lower() == a)) for step in path]
    loose_dest = bfs(graph, src, loose_actions)
    strict_dest = bfs(graph, src, strict_actions)
    return {'parse_error': False,
            'strict': max([int(dst.lower() == n.lower()) for n in strict_dest], default=0),
            'loose': max([edit_similarity(dst, n) for n in loose_dest], default=0),
            'reasoning': full_path_ok(graph, path, src, dst)}


def main():
    graph = build_graph(sys.argv[1])
    with open(sys.argv[2]) as handle:
        records = [json.loads(line) for line in handle if line.strip()]
    print(json.dumps([score(graph, record) for record in records]))


main()
