# Upstream MANGO's skeleton generation, re-written from its source as the reference `npm run bench`
# times `waypoint mango skeletons` against (the upstream scripts are not part of this repository).
# Spec: Oaklight/mango refs/pull/33 `src/gen_paths/gen_all2all.py` (graph, all_simple_paths,
# de-duplication through a set, sort by length, expansion over parallel edges, intermediate
# all2all.json / all_pairs.json), then main's `utils/inter2data/utils/inter2data.py` (ids, duplicate
# ids dropped, field renames, pair minima) writing all2all.jsonl / all_pairs.jsonl.
# Differences, all of them in upstream's favour or forced by the data we have:
# - the graph is built from edges.json (the map.human / map.reversed files are not released), in
#   the insertion order Waypoint recovers (forward-seen edges by seen_in_forward, then reverse-only
#   edges by seen_in_reversed), which is the order gen_all2all built its edge dict in;
# - the per-pair print, the tqdm bar and gen_all2all's unused imports (matplotlib through
#   gamegraph) are left out, and both stages run in one process: all of it only costs upstream time.
# Usage: python3 upstreamSkeletons.py <edges.json> <output dir>; writes the intermediate files and
# <output dir>/all2all.jsonl and all_pairs.jsonl.
import hashlib
import itertools
import json
import os
import sys

import networkx

STEP_INF = 9999


def build_graph(edges):
    forward = sorted((e for e in edges if e["seen_in_forward"] < STEP_INF), key=lambda e: e["seen_in_forward"])
    reverse_only = sorted((e for e in edges if e["seen_in_forward"] >= STEP_INF), key=lambda e: e["seen_in_reversed"])
    G = networkx.MultiDiGraph()
    for e in forward + reverse_only:
        G.add_edge(
            e["src_node"],
            e["dst_node"],
            seen_in_forward=e["seen_in_forward"],
            seen_in_reversed=e["seen_in_reversed"],
            seen_in_forward_answerable=e["seen_in_forward_answerable"],
            seen_in_reversed_answerable=e["seen_in_reversed_answerable"],
            action=e["action"],
        )
    return G


def generate_combinations(list1, list2):
    if len(list1) == 0:
        return [[each] for each in list2]
    if len(list2) == 0:
        return [[each] for each in list1]
    uuid_map = {}
    uuid_lst1 = []
    uuid_lst2 = []
    for i, item in enumerate(list1):
        uuid_map[i] = item
        uuid_lst1.append(i)
    for i, item in enumerate(list2):
        uuid_map[i + len(list1)] = item
        uuid_lst2.append(i + len(list1))
    combinations = list(itertools.product(uuid_lst1, uuid_lst2))
    return [[*uuid_map[sub_comb], uuid_map[item]] for sub_comb, item in combinations]


def get_all_paths(G, src, dst):
    expanded_simple_paths = []
    simple_paths = networkx.all_simple_paths(G, src, dst)
    simple_paths = list(set([tuple(path) for path in simple_paths]))
    simple_paths.sort(key=lambda x: len(x))
    for path in simple_paths:
        expanded_path = []
        for i in range(len(path) - 1):
            a, b = path[i], path[i + 1]
            all_edges_btw = [(a, b, data) for data in G.get_edge_data(a, b).values()]
            expanded_path = generate_combinations(expanded_path, all_edges_btw)
        expanded_simple_paths.extend(expanded_path)
    return expanded_simple_paths


def get_path_json(path, shortest_length=None):
    path_json = {"src_node": path[0][0], "dst_node": path[-1][1]}
    if shortest_length:
        path_json["diff_shortest"] = len(path) - shortest_length
    path_details = []
    for prev_node, node, attrs in path:
        path_details.append({
            "prev_node": prev_node,
            "node": node,
            "action": attrs["action"],
            "seen_in_forward": attrs["seen_in_forward"],
            "seen_in_reversed": attrs["seen_in_reversed"],
            "edge_min_step": min(attrs["seen_in_forward"], attrs["seen_in_reversed"]),
            "seen_in_forward_answerable": attrs["seen_in_forward_answerable"],
            "seen_in_reversed_answerable": attrs["seen_in_reversed_answerable"],
            "edge_min_step_answerable": min(attrs["seen_in_forward_answerable"], attrs["seen_in_reversed_answerable"]),
        })
    path_json["path_details"] = path_details
    path_json["step_count"] = len(path_details)
    path_json["path_seen_in_forward"] = max([each["seen_in_forward"] for each in path_details])
    path_json["path_seen_in_forward_answerable"] = max([each["seen_in_forward_answerable"] for each in path_details])
    path_json["path_min_step"] = max([each["edge_min_step"] for each in path_details])
    path_json["path_min_step_answerable"] = max([each["edge_min_step_answerable"] for each in path_details])
    return path_json


def get_all_paths_json(all_paths):
    if len(all_paths) == 0:
        return []
    all_paths = sorted(all_paths, key=lambda x: len(x))
    shortest_len = len(all_paths[0])
    return [get_path_json(path, shortest_length=shortest_len) for path in all_paths]


def gen_all2all(G, all2all_path, allpairs_path):
    with open(all2all_path, "w") as f_all2all, open(allpairs_path, "w") as f_allpairs:
        for src_node, dst_node in list(itertools.permutations(G.nodes(), 2)):
            expanded = get_all_paths(G, src_node, dst_node)
            paths_json = get_all_paths_json(expanded)
            pair_json = {
                "src_node": src_node,
                "dst_node": dst_node,
                "num_paths": len(expanded),
                "path_min_steps": [p["path_min_step"] for p in paths_json],
                "path_seen_in_forward": [p["path_seen_in_forward"] for p in paths_json],
                "path_seen_in_forward_answerable": [p["path_seen_in_forward_answerable"] for p in paths_json],
            }
            for each in paths_json:
                f_all2all.write(json.dumps(each))
                f_all2all.write("\n")
            f_allpairs.write(json.dumps(pair_json))
            f_allpairs.write("\n")


def compute_hash(obj):
    return hashlib.sha256(json.dumps(obj, sort_keys=True).encode()).hexdigest()


def compute_hash_for_path(path, feature_list=("prev_node", "node", "action")):
    return compute_hash([{key: step[key] for key in feature_list} for step in path])


def inter2data(all2all_path, allpairs_path, out_dir):
    start_end = {}
    seen = set()
    with open(os.path.join(out_dir, "all2all.jsonl"), "w") as fw, open(all2all_path, "rb") as fr:
        for line in fr:
            clean_line = line.strip()
            if not clean_line:
                continue
            path = json.loads(clean_line)
            path["id"] = compute_hash_for_path(path["path_details"])
            if path["id"] in seen:
                continue
            seen.add(path["id"])
            path["min_step_forward"] = path.pop("path_seen_in_forward")
            path["min_step_total"] = path.pop("path_min_step")
            path["min_step_forward_answerable"] = path.pop("path_seen_in_forward_answerable")
            path["min_step_total_answerable"] = path.pop("path_min_step_answerable")
            start_end.setdefault(path["src_node"], {}).setdefault(path["dst_node"], []).append(path["min_step_total_answerable"])
            fw.write(json.dumps(path) + "\n")
    seen = set()
    with open(os.path.join(out_dir, "all_pairs.jsonl"), "w") as fw, open(allpairs_path, "r") as fr:
        for line in fr:
            clean_line = line.strip()
            if not clean_line:
                continue
            pair = json.loads(clean_line)
            pair["id"] = compute_hash({"src_node": pair["src_node"], "dst_node": pair["dst_node"]})
            if pair["id"] in seen:
                continue
            seen.add(pair["id"])
            forward = pair.pop("path_seen_in_forward")
            forward_answerable = pair.pop("path_seen_in_forward_answerable")
            total = pair.pop("path_min_steps")
            total_answerable = start_end.get(pair["src_node"], {}).get(pair["dst_node"], [])
            pair["min_step_forward"] = min(forward) if len(forward) > 0 else 9999
            pair["min_step_total"] = min(total) if len(total) > 0 else 9999
            pair["min_step_forward_answerable"] = min(forward_answerable) if len(forward_answerable) > 0 else 9999
            pair["min_step_total_answerable"] = min(total_answerable) if len(total_answerable) > 0 else 9999
            fw.write(json.dumps(pair) + "\n")


if __name__ == "__main__":
    edges_file, out_dir = sys.argv[1], sys.argv[2]
    with open(edges_file) as f:
        G = build_graph(json.load(f))
    all2all_path = os.path.join(out_dir, "all2all.json")
    allpairs_path = os.path.join(out_dir, "all_pairs.json")
    gen_all2all(G, all2all_path, allpairs_path)
    inter2data(all2all_path, allpairs_path, out_dir)
