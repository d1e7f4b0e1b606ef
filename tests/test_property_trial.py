"""The property trial (issue 42 item 2): every public callable of `conformal_rag._modidx` has an entry in
`trial_inputs.ENTRIES`, a recipe of valid arguments or a skip with its reason; each parameter of a recipe is then
replaced, one at a time, by bad values made from its name, annotation and default (probabilities: -0.5, 1.5, nan, inf,
None, 'x'; counts: 2.5, -1, True, None, 'x'; labels: a 0.5, 2, nan or 'no' among them; texts: None, 123; choices:
'bogus'; ...), and by values hypothesis draws (probabilities outside [0, 1], negative or non-integral counts).

The oracle: the call raises ValueError, TypeError, KeyError, IndexError, FileNotFoundError, IsADirectoryError or
LookupError whose message names the parameter (or shows the bad value); or the recipe declares the result correct for
that value, with its reason (`Recipe.ok`). A silent result, another exception (AttributeError, numpy's or pandas'
internals) or a message that names neither is a failure.

Today's failures are listed below, by kind, as strict xfails: the suite stays green, and a fix makes its xfail pass,
which fails the run until the entry is removed. Regenerate the lists with `python tests/test_property_trial.py`."""
import sys
from pathlib import Path
import pytest

sys.path.insert(0, str(Path(__file__).parent))
import trial_engine as te
from trial_engine import Recipe, Skip
from trial_inputs import ENTRIES

CASES = te.cases(ENTRIES)
DRAWN = te.drawn_params(ENTRIES)

# ---- the table covers the package --------------------------------------------------------------------------------
def test_every_public_callable_has_an_entry():
    missing = [n for n in te.public_callables() if n not in ENTRIES]
    assert not missing, f'public callables with no recipe or skip in tests/trial_inputs.py: {missing}'

def test_every_entry_names_a_public_callable():
    public = set(te.public_callables())
    gone = [n for n in ENTRIES if n not in public]
    assert not gone, f'entries in tests/trial_inputs.py naming nothing public in _modidx: {gone}'

def test_every_skip_has_a_reason():
    assert all(isinstance(e, Recipe) or (isinstance(e, Skip) and len(e.reason) > 20) for e in ENTRIES.values())

@pytest.mark.parametrize('name', [n for n, e in ENTRIES.items() if isinstance(e, Recipe) and te.exists(n)])
def test_recipe_is_valid(name):
    "Each recipe's own arguments work: otherwise its bad values would test nothing."
    te.call(name, ENTRIES[name])

# ---- bad values, one parameter at a time -------------------------------------------------------------------------
def _marked(cid, known):
    return pytest.param(cid, id=cid, marks=[pytest.mark.xfail(strict=True, reason=known[cid])] if cid in known else [])

# ==== known failures (generated; see the module's docstring) ======================================================
# BEGIN GENERATED
KNOWN_SILENT = {  # a result came back for a bad value: a wrong answer or a default taken silently
    "cache.Decoding|stop='x'":
        "returned Decoding(temperature=1.0, top_p=1.0, max_new_tokens=16, stop=('x',))",
    'cache.Decoding|stop=None':
        'returned Decoding(temperature=1.0, top_p=1.0, max_new_tokens=16, stop=())',
    'cache.Decoding|stop=[]':
        'returned Decoding(temperature=1.0, top_p=1.0, max_new_tokens=16, stop=())',
    'cache.GenerationCache|timeout=inf':
        'returned <conformal_rag.cache.GenerationCache object at 0x7fa396310110>',
    'cache.GenerationCache|timeout=nan':
        'returned <conformal_rag.cache.GenerationCache object at 0x7fa396312390>',
    'cache.memoized|key=None':
        "returned {'a': 1}",
    'cache.request_checksum|key=123':
        "returned 'f1ba34dafa093b2a'",
    'cache.request_checksum|key=None':
        "returned '778fb2a4d42a4365'",
    'cache.request_checksum|request=123':
        "returned '1d09cdeb50a5fdd1'",
    'cache.request_checksum|request=None':
        "returned '173e9f1e9c3df0fb'",
    "cache.request_dict|attention='bogus'":
        "returned {'backend': 'local', 'model': 'm', 'prompt': 'p', 'temperature': 1.0, 'top_p': 1.0, 'max_new_tokens': 16, '...",
    'cache.request_dict|attention=123':
        "returned {'backend': 'local', 'model': 'm', 'prompt': 'p', 'temperature': 1.0, 'top_p': 1.0, 'max_new_tokens': 16, '...",
    "cache.request_dict|backend='bogus'":
        "returned {'backend': 'bogus', 'model': 'm', 'prompt': 'p', 'temperature': 1.0, 'top_p': 1.0, 'max_new_tokens': 16, '...",
    'cache.request_dict|backend=123':
        "returned {'backend': 123, 'model': 'm', 'prompt': 'p', 'temperature': 1.0, 'top_p': 1.0, 'max_new_tokens': 16, 'stop...",
    'cache.request_dict|backend=None':
        "returned {'backend': None, 'model': 'm', 'prompt': 'p', 'temperature': 1.0, 'top_p': 1.0, 'max_new_tokens': 16, 'sto...",
    "cache.request_dict|dtype='bogus'":
        "returned {'backend': 'local', 'model': 'm', 'prompt': 'p', 'temperature': 1.0, 'top_p': 1.0, 'max_new_tokens': 16, '...",
    'cache.request_dict|dtype=123':
        "returned {'backend': 'local', 'model': 'm', 'prompt': 'p', 'temperature': 1.0, 'top_p': 1.0, 'max_new_tokens': 16, '...",
    'cache.request_dict|model=123':
        "returned {'backend': 'local', 'model': 123, 'prompt': 'p', 'temperature': 1.0, 'top_p': 1.0, 'max_new_tokens': 16, '...",
    'cache.request_dict|model=None':
        "returned {'backend': 'local', 'model': None, 'prompt': 'p', 'temperature': 1.0, 'top_p': 1.0, 'max_new_tokens': 16, ...",
    "cache.request_dict|prompt='bogus'":
        "returned {'backend': 'local', 'model': 'm', 'prompt': 'bogus', 'temperature': 1.0, 'top_p': 1.0, 'max_new_tokens': 1...",
    'cache.request_dict|prompt=123':
        "returned {'backend': 'local', 'model': 'm', 'prompt': 123, 'temperature': 1.0, 'top_p': 1.0, 'max_new_tokens': 16, '...",
    'cache.request_dict|prompt=None':
        "returned {'backend': 'local', 'model': 'm', 'prompt': None, 'temperature': 1.0, 'top_p': 1.0, 'max_new_tokens': 16, ...",
    'cache.request_dict|seed=-1':
        "returned {'backend': 'local', 'model': 'm', 'prompt': 'p', 'temperature': 1.0, 'top_p': 1.0, 'max_new_tokens': 16, '...",
    'cache.request_dict|seed=2.5':
        "returned {'backend': 'local', 'model': 'm', 'prompt': 'p', 'temperature': 1.0, 'top_p': 1.0, 'max_new_tokens': 16, '...",
    'cache.request_dict|seed=True':
        "returned {'backend': 'local', 'model': 'm', 'prompt': 'p', 'temperature': 1.0, 'top_p': 1.0, 'max_new_tokens': 16, '...",
    'cache.request_dict|server=123':
        "returned {'backend': 'local', 'model': 'm', 'prompt': 'p', 'temperature': 1.0, 'top_p': 1.0, 'max_new_tokens': 16, '...",
    "cache.request_key|request='x'":
        "returned 'ba2df4903a2c14e86dc3bcca58911b44ac1d2514b7227bf6eb08cfb978f55a1b'",
    'cache.request_key|request=None':
        "returned '74234e98afe7498fb5daf1f36ac2d78acc339464f950703b8c019892f982b90b'",
    'cache.row_checksum|finish=123':
        "returned '192becdd465771e8'",
    "cache.row_checksum|idx='x'":
        "returned '4c7d6ce9d0908d7a'",
    'cache.row_checksum|idx=-1':
        "returned '993ba1801c812ca4'",
    'cache.row_checksum|idx=2.5':
        "returned '76940f4ae8f2866a'",
    'cache.row_checksum|idx=None':
        "returned 'abe777944b341823'",
    'cache.row_checksum|idx=True':
        "returned 'eaee7b15eacca703'",
    'cache.row_checksum|key=123':
        "returned '4129cf0d2a12bdf8'",
    'cache.row_checksum|key=None':
        "returned 'b631a05501188e85'",
    'cache.row_checksum|logprobs=123':
        "returned '5e0d1eb9e0b7611d'",
    'cache.row_checksum|text=123':
        "returned '500ff8dafc68d3dc'",
    'cache.row_checksum|text=None':
        "returned '78210b1a1cf2d74a'",
    'cache.wal_damage|wal=missing':
        "returned 'its header is damaged (magic 0x1f8b0800)'",
    'claims.backbone_name|model=123':
        "returned '123'",
    'claims.backbone_name|model=None':
        "returned 'None'",
    'claims.diff_interval|a=[..nan]':
        'returned (0.2, 0.1, 0.30000000000000004)',
    'claims.diff_interval|b=[..nan]':
        'returned (0.2, 0.10000000000000003, 0.3)',
    'claims.direction|d=[..nan]':
        "returned ('untestable', 'size = +0.200: no interval (a table cell without its spread)')",
    'claims.direction|sign=-1':
        "returned ('contradicted', 'size = +0.200 [+0.100, +0.300]: reversed')",
    'claims.direction|sign=2.5':
        "returned ('holds', 'size = +0.200 [+0.100, +0.300]')",
    'claims.direction|sign=True':
        "returned ('holds', 'size = +0.200 [+0.100, +0.300]')",
    'claims.direction|what=123':
        "returned ('contradicted', '123 = +0.200 [+0.100, +0.300]: reversed')",
    'claims.direction|what=None':
        "returned ('contradicted', 'None = +0.200 [+0.100, +0.300]: reversed')",
    'claims.n_to_resolve|effect=inf':
        'returned nan',
    'claims.n_to_resolve|effect=nan':
        'returned nan',
    'claims.n_to_resolve|n=-1':
        'returned 0.0',
    'claims.n_to_resolve|n=2.5':
        'returned 3.0',
    'claims.n_to_resolve|n=True':
        'returned 1.0',
    'claims.n_to_resolve|se=inf':
        'returned nan',
    'claims.n_to_resolve|se=nan':
        'returned nan',
    'claims.parse_cell|s=123':
        'returned (123.0, nan, nan)',
    "claims.result|backbone='bogus'":
        "returned {'backbone': 'bogus', 'verdict': 'holds', 'reason': 'r', 'value': 0.5, 'lo': 0.4, 'hi': 0.6, 'n': 10, 'n_ne...",
    'claims.result|backbone=123':
        "returned {'backbone': 123, 'verdict': 'holds', 'reason': 'r', 'value': 0.5, 'lo': 0.4, 'hi': 0.6, 'n': 10, 'n_needed...",
    'claims.result|backbone=None':
        "returned {'backbone': None, 'verdict': 'holds', 'reason': 'r', 'value': 0.5, 'lo': 0.4, 'hi': 0.6, 'n': 10, 'n_neede...",
    'claims.result|hi=inf':
        "returned {'backbone': 'llama2', 'verdict': 'holds', 'reason': 'r', 'value': 0.5, 'lo': 0.4, 'hi': inf, 'n': 10, 'n_n...",
    'claims.result|hi=nan':
        "returned {'backbone': 'llama2', 'verdict': 'holds', 'reason': 'r', 'value': 0.5, 'lo': 0.4, 'hi': nan, 'n': 10, 'n_n...",
    'claims.result|lo=inf':
        "returned {'backbone': 'llama2', 'verdict': 'holds', 'reason': 'r', 'value': 0.5, 'lo': inf, 'hi': 0.6, 'n': 10, 'n_n...",
    'claims.result|lo=nan':
        "returned {'backbone': 'llama2', 'verdict': 'holds', 'reason': 'r', 'value': 0.5, 'lo': nan, 'hi': 0.6, 'n': 10, 'n_n...",
    'claims.result|n=-1':
        "returned {'backbone': 'llama2', 'verdict': 'holds', 'reason': 'r', 'value': 0.5, 'lo': 0.4, 'hi': 0.6, 'n': -1, 'n_n...",
    'claims.result|n=2.5':
        "returned {'backbone': 'llama2', 'verdict': 'holds', 'reason': 'r', 'value': 0.5, 'lo': 0.4, 'hi': 0.6, 'n': 2, 'n_ne...",
    'claims.result|n=True':
        "returned {'backbone': 'llama2', 'verdict': 'holds', 'reason': 'r', 'value': 0.5, 'lo': 0.4, 'hi': 0.6, 'n': 1, 'n_ne...",
    'claims.result|reason=123':
        "returned {'backbone': 'llama2', 'verdict': 'holds', 'reason': 123, 'value': 0.5, 'lo': 0.4, 'hi': 0.6, 'n': 10, 'n_n...",
    'claims.result|reason=None':
        "returned {'backbone': 'llama2', 'verdict': 'holds', 'reason': None, 'value': 0.5, 'lo': 0.4, 'hi': 0.6, 'n': 10, 'n_...",
    "claims.result|source='bogus'":
        "returned {'backbone': 'llama2', 'verdict': 'holds', 'reason': 'r', 'value': 0.5, 'lo': 0.4, 'hi': 0.6, 'n': 10, 'n_n...",
    'claims.result|source=123':
        "returned {'backbone': 'llama2', 'verdict': 'holds', 'reason': 'r', 'value': 0.5, 'lo': 0.4, 'hi': 0.6, 'n': 10, 'n_n...",
    'claims.result|source=None':
        "returned {'backbone': 'llama2', 'verdict': 'holds', 'reason': 'r', 'value': 0.5, 'lo': 0.4, 'hi': 0.6, 'n': 10, 'n_n...",
    "claims.result|value='x'":
        "returned {'backbone': 'llama2', 'verdict': 'holds', 'reason': 'r', 'value': 'x', 'lo': 0.4, 'hi': 0.6, 'n': 10, 'n_n...",
    'claims.result|value=None':
        "returned {'backbone': 'llama2', 'verdict': 'holds', 'reason': 'r', 'value': None, 'lo': 0.4, 'hi': 0.6, 'n': 10, 'n_...",
    'claims.result|value=inf':
        "returned {'backbone': 'llama2', 'verdict': 'holds', 'reason': 'r', 'value': inf, 'lo': 0.4, 'hi': 0.6, 'n': 10, 'n_n...",
    'claims.result|value=nan':
        "returned {'backbone': 'llama2', 'verdict': 'holds', 'reason': 'r', 'value': nan, 'lo': 0.4, 'hi': 0.6, 'n': 10, 'n_n...",
    "claims.untestable|backbone='bogus'":
        'returned <function untestable.<locals>.<lambda> at 0x7fa396352a20>',
    'claims.untestable|backbone=123':
        'returned <function untestable.<locals>.<lambda> at 0x7fa396352a20>',
    'claims.untestable|backbone=None':
        'returned <function untestable.<locals>.<lambda> at 0x7fa396352a20>',
    'claims.untestable|reason=123':
        'returned <function untestable.<locals>.<lambda> at 0x7fa396352a20>',
    'claims.untestable|reason=None':
        'returned <function untestable.<locals>.<lambda> at 0x7fa396352a20>',
    'claims.utilization_slope|level=None':
        'returned (np.float64(nan), np.float64(nan), np.float64(nan))',
    'claims.utilization_slope|level=[..nan]':
        'returned (np.float64(nan), np.float64(nan), np.float64(nan))',
    'claims.utilization_slope|n=None':
        'returned (np.float64(nan), np.float64(nan), np.float64(nan))',
    'claims.utilization_slope|n=[..nan]':
        'returned (np.float64(nan), np.float64(nan), np.float64(nan))',
    'claims.utilization_slope|utilization=None':
        'returned (np.float64(nan), np.float64(nan), np.float64(nan))',
    'claims.utilization_slope|utilization=[..nan]':
        'returned (np.float64(nan), np.float64(nan), np.float64(nan))',
    "cli.int_at_least|lo='x'":
        'returned <function int_at_least.<locals>.int_at_least at 0x7fa396352a20>',
    'cli.int_at_least|lo=-1':
        'returned <function int_at_least.<locals>.int_at_least at 0x7fa396352a20>',
    'cli.int_at_least|lo=2.5':
        'returned <function int_at_least.<locals>.int_at_least at 0x7fa396352a20>',
    'cli.int_at_least|lo=None':
        'returned <function int_at_least.<locals>.int_at_least at 0x7fa396352a20>',
    'cli.int_at_least|lo=True':
        'returned <function int_at_least.<locals>.int_at_least at 0x7fa396352a20>',
    "cli.model_strings|models='x'":
        "returned ['x']",
    'cli.model_strings|models=[]':
        'returned []',
    'cli.nonnegative_float|v=123':
        'returned 123.0',
    'cli.positive_int|v=123':
        'returned 123',
    'cli.writable_file|v=missing':
        "returned '/nonexistent/trial/x.json'",
    "collect.answer_rules|prompt='bogus'":
        "returned ('traq', 'contains')",
    'collect.answer_rules|prompt=123':
        "returned ('traq', 'contains')",
    'collect.answer_rules|prompt=None':
        "returned ('traq', 'contains')",
    'collect.check_settings|seed=-1':
        'returned None',
    'collect.collection_name|dataset=123':
        "returned '123_gemma-3-270m_10'",
    'collect.collection_name|dataset=None':
        "returned 'none_gemma-3-270m_10'",
    'collect.collection_name|n_questions=-1':
        "returned 'wiki_gemma-3-270m_-1'",
    'collect.collection_name|n_questions=2.5':
        "returned 'wiki_gemma-3-270m_2'",
    'collect.collection_name|n_questions=True':
        "returned 'wiki_gemma-3-270m_1'",
    'collect.gold_passages|qids=[]':
        'returned []',
    'collect.sample_questions|examples=empty':
        'returned Empty DataFrame Columns: [] Index: []',
    'collect.sample_questions|seed=None':
        'returned id question answers gold_ids template aliases answer_type 0 q0 Where is city 0? [Paris] [p0] a [] span 1 q1...',
    'collect.sample_questions|seed=True':
        'returned id question answers gold_ids template aliases answer_type 0 q0 Where is city 0? [Paris] [p0] a [] span 1 q1...',
    'collect.sample_questions|stratify=123':
        'returned id question answers gold_ids template aliases answer_type 0 q1 Where is city 1? [Lima] [p1] b [] span 1 q2 ...',
    'collection.Collection.load|path=missing':
        'returned Collection(ret_score=array([[ 1.6178049 , 0.6028515 , 0.12280676, -0.41385325], [ 1.3983267 , 0.58886881, -...',
    'collection.Collection.save|path=missing':
        "returned Path('/nonexistent/trial/x.json')",
    'collection.Collection.subset|idx=[]':
        'returned Collection(ret_score=array([], shape=(0, 4), dtype=float64), in_topk=array([], shape=(0, 4), dtype=bool), i...',
    'collection.Collection|qid=[..None]':
        'returned Collection(ret_score=array([[2., 1.]]), in_topk=array([[ True, True]]), is_gold=array([[ True, False]]), cl...',
    'collection.Collection|template=[..None]':
        'returned Collection(ret_score=array([[2., 1.]]), in_topk=array([[ True, True]]), is_gold=array([[ True, False]]), cl...',
    'collection.encode_texts|name=123':
        "returned {'123_utf8': array([97, 98], dtype=uint8), '123_offsets': array([0, 1, 2]), '123_shape': array([2])}",
    'collection.encode_texts|name=None':
        "returned {'None_utf8': array([97, 98], dtype=uint8), 'None_offsets': array([0, 1, 2]), 'None_shape': array([2])}",
    "collection.encode_texts|texts='x'":
        "returned {'t_utf8': array([120], dtype=uint8), 't_offsets': array([0, 1]), 't_shape': array([], dtype=int64)}",
    'collection.encode_texts|texts=None':
        "returned {'t_utf8': array([], dtype=uint8), 't_offsets': array([0, 0]), 't_shape': array([], dtype=int64)}",
    'collection.encode_texts|texts=[..None]':
        "returned {'t_utf8': array([97], dtype=uint8), 't_offsets': array([0, 1, 1]), 't_shape': array([2])}",
    'collection.encode_texts|texts=[]':
        "returned {'t_utf8': array([], dtype=uint8), 't_offsets': array([0]), 't_shape': array([0])}",
    'collection.load_collected|path=missing':
        "returned {'meta': {'seed': 0, 'synthetic': True}, 'ret_score': array([[ 1.6178049 , 0.6028515 , 0.12280676, -0.41385...",
    'collection.synthetic_collection|seed=None':
        'returned Collection(ret_score=array([[-0.37877005, -0.56106892, -1.32473081, -1.41216607], [ 1.66269785, 0.81488633,...',
    'collection.synthetic_collection|seed=True':
        'returned Collection(ret_score=array([[ 7.07137139e-01, 1.88846394e-01, -2.48579571e-03, -5.76029935e-01], [ 1.897310...',
    "conflare.BagOfWordsEncoder.encode|texts='x'":
        'returned array([[0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0.,...',
    'conflare.BagOfWordsEncoder.encode|texts=[]':
        'returned array([], shape=(0, 256), dtype=float32)',
    "conflare.BagOfWordsEncoder|dim='x'":
        'returned <conformal_rag.conflare.BagOfWordsEncoder object at 0x7fa398845350>',
    'conflare.BagOfWordsEncoder|dim=-1':
        'returned <conformal_rag.conflare.BagOfWordsEncoder object at 0x7fa398c94d50>',
    'conflare.BagOfWordsEncoder|dim=2.5':
        'returned <conformal_rag.conflare.BagOfWordsEncoder object at 0x7fa398845350>',
    'conflare.BagOfWordsEncoder|dim=None':
        'returned <conformal_rag.conflare.BagOfWordsEncoder object at 0x7fa398c94d50>',
    'conflare.BagOfWordsEncoder|dim=True':
        'returned <conformal_rag.conflare.BagOfWordsEncoder object at 0x7fa398845350>',
    "conflare.ChunkCollection.scores|questions='x'":
        'returned array([[0., 0., 0.]])',
    'conflare.ChunkCollection.scores|questions=[]':
        'returned array([], shape=(0, 3), dtype=float64)',
    'conflare.ConformalRetriever.retrieve|max_chars=-1':
        'returned [ConflareSet(rows=array([0]), similarities=array([0.70710677]), n_above=1, truncated=False, cutoff=0.1)]',
    'conflare.ConformalRetriever.retrieve|max_chunks=-1':
        'returned [ConflareSet(rows=array([0]), similarities=array([0.70710677]), n_above=1, truncated=False, cutoff=0.1)]',
    "conflare.ConformalRetriever.retrieve|questions='x'":
        'returned ConflareSet(rows=array([], dtype=int64), similarities=array([], dtype=float64), n_above=0, truncated=False,...',
    'conflare.ConformalRetriever|path=123':
        "returned ConformalRetriever(alpha=0.2, method='exact', cutoff=0.1000, 3 chunks, calibrated on 0 questions)",
    'conflare.ConformalRetriever|path=missing':
        "returned ConformalRetriever(alpha=0.2, method='exact', cutoff=0.1000, 3 chunks, calibrated on 0 questions)",
    'conflare.conflare_trials|n_cal=2.5':
        'returned alpha trial ... truncated coverage_after_budget 0 0.3 0 ... 1.0 0.4 1 0.3 1 ... 1.0 0.3 2 0.3 2 ... 1.0 0.4...',
    'conflare.conflare_trials|n_cal=True':
        'returned alpha trial ... truncated coverage_after_budget 0 0.3 0 ... 1.0 0.363636 1 0.3 1 ... 1.0 0.272727 2 0.3 2 ....',
    'conflare.parse_question_answer|text=123':
        'returned None',
    'conflare.parse_question_answer|text=None':
        'returned None',
    'conflare.parse_yes_no|text=123':
        'returned None',
    'conflare.parse_yes_no|text=None':
        'returned None',
    'conflare.release_cutoffs|methods=[]':
        'returned Empty DataFrame Columns: [] Index: []',
    'conflare.release_trials|methods=[]':
        'returned Empty DataFrame Columns: [] Index: []',
    'conflare.scored_retrieval|passage_ids=[..None]':
        "returned Retrieval(passage_ids=array(['a', None], dtype=object), topk_idx=array([[0, 1], [1, 0]]), topk_scores=array...",
    'conformal.check_alpha|name=123':
        'returned 0.1',
    'conformal.check_alpha|name=None':
        'returned 0.1',
    'conformal.check_array|hi=inf':
        'returned array([1., 2.])',
    'conformal.check_array|name=123':
        'returned array([1., 2.])',
    'conformal.check_array|name=None':
        'returned array([1., 2.])',
    'conformal.check_array|ndim=True':
        'returned array([1., 2.])',
    'conformal.check_binary|name=123':
        'returned array([False, True, True])',
    'conformal.check_binary|name=None':
        'returned array([False, True, True])',
    'conformal.check_choice|choices=[..None]':
        "returned 'a'",
    'conformal.check_choice|name=123':
        "returned 'a'",
    'conformal.check_choice|name=None':
        "returned 'a'",
    'conformal.check_count|minimum=-1':
        'returned 3',
    'conformal.check_count|minimum=2.5':
        'returned 3',
    'conformal.check_count|minimum=True':
        'returned 3',
    'conformal.check_count|name=123':
        'returned 3',
    'conformal.check_count|name=None':
        'returned 3',
    'conformal.check_scores|name=123':
        'returned array([0.1, 0.2])',
    'conformal.check_scores|name=None':
        'returned array([0.1, 0.2])',
    'conformal.check_weights|name=123':
        'returned array([0.5, 0.5])',
    'conformal.check_weights|name=None':
        'returned array([0.5, 0.5])',
    'conformal.conformal_pvalue|scores=[]':
        'returned array([], dtype=float64)',
    "conformal.count_requirement|maximum='x'":
        "returned 'an integer in 1..x'",
    'conformal.count_requirement|maximum=-1':
        "returned 'an integer in 1..-1'",
    'conformal.count_requirement|maximum=2.5':
        "returned 'an integer in 1..2.5'",
    'conformal.count_requirement|maximum=True':
        "returned 'an integer in 1..True'",
    "conformal.count_requirement|minimum='x'":
        "returned 'an integer in x..5'",
    'conformal.count_requirement|minimum=-1':
        "returned 'an integer in -1..5'",
    'conformal.count_requirement|minimum=2.5':
        "returned 'an integer in 2.5..5'",
    'conformal.count_requirement|minimum=None':
        "returned 'an integer in None..5'",
    'conformal.count_requirement|minimum=True':
        "returned 'an integer in True..5'",
    'data.check_examples|name=123':
        'returned id question answers gold_ids template aliases answer_type 0 q0 Where is city 0? [Paris] [p0] a [] span 1 q1...',
    'data.check_examples|name=None':
        'returned id question answers gold_ids template aliases answer_type 0 q0 Where is city 0? [Paris] [p0] a [] span 1 q1...',
    'data.check_passages|name=123':
        'returned id title text 0 p0 Paris Paris is the capital of France. 1 p1 Lima Lima is the capital of Peru. 2 p2 Rome R...',
    'data.check_passages|name=None':
        'returned id title text 0 p0 Paris Paris is the capital of France. 1 p1 Lima Lima is the capital of Peru. 2 p2 Rome R...',
    'data.check_records|fields=[]':
        "returned [{'id': 1}]",
    'data.check_records|what=123':
        "returned [{'id': 1}]",
    'data.check_records|what=None':
        "returned [{'id': 1}]",
    'data.check_text|name=123':
        "returned 'abc'",
    'data.check_text|name=None':
        "returned 'abc'",
    'data.check_text|text=123':
        "returned '123'",
    'data.chunk_words|text=123':
        "returned ['123']",
    "data.is_local_path|source='bogus'":
        'returned False',
    'data.is_local_path|source=123':
        'returned False',
    'data.is_local_path|source=None':
        'returned False',
    'data.normalize|text=123':
        "returned '123'",
    'data.passage_contains|answer=123':
        'returned False',
    'data.passage_contains|text=123':
        'returned False',
    'data.read_json_records|what=123':
        "returned [{'id': 's1', 'title': 'Paris', 'context': 'Paris is the capital of France.', 'question': 'Capital of Franc...",
    'data.read_json_records|what=None':
        "returned [{'id': 's1', 'title': 'Paris', 'context': 'Paris is the capital of France.', 'question': 'Capital of Franc...",
    'data.split_examples|examples=empty':
        'returned Series([], Name: split, dtype: object)',
    'data.write_questions|path=missing':
        "returned Path('/nonexistent/trial/x.json')",
    'decisions.collection_decisions|name=123':
        'returned source ... rule: CONFLARE set within 3 passages 0 TRAQ / TRAC / CONFLARE ... 1 1 TRAQ / TRAC / CONFLARE ......',
    'decisions.collection_decisions|name=None':
        'returned source ... rule: CONFLARE set within 3 passages 0 TRAQ / TRAC / CONFLARE ... 1 1 TRAQ / TRAC / CONFLARE ......',
    'decisions.rank_table|coverages=[]':
        'returned kind name ... wrong_rate aurc_rank 0 score semantic frequency ... 0.7 1.0 1 score aggregated set size (nega...',
    'decisions.rule_table|coverages=[]':
        'returned kind name ... coverage selective_risk 0 score semantic frequency ... NaN NaN 1 score aggregated set size (n...',
    'experiments.model_chat|model=123':
        'returned False',
    'experiments.model_chat|model=None':
        'returned False',
    'llamacpp_backend.ToyLlama.detokenize|ids=[]':
        "returned ''",
    "llamacpp_backend.common_prefix|a=[..'x']":
        'returned 2',
    'llamacpp_backend.common_prefix|a=[..nan]':
        'returned 2',
    'llamacpp_backend.common_prefix|a=[]':
        'returned 0',
    "llamacpp_backend.common_prefix|b=[..'x']":
        'returned 0',
    'llamacpp_backend.common_prefix|b=[..nan]':
        'returned 1',
    'llamacpp_backend.common_prefix|b=[]':
        'returned 0',
    "llm.FakeBackend|answers='x'":
        'returned <conformal_rag.llm.FakeBackend object at 0x7fa39631a390>',
    'llm.FakeBackend|answers=[..None]':
        'returned <conformal_rag.llm.FakeBackend object at 0x7fa3964d9910>',
    'llm.FakeBackend|answers=[]':
        'returned <conformal_rag.llm.FakeBackend object at 0x7fa396319050>',
    "llm.FakeBackend|delay='x'":
        'returned <conformal_rag.llm.FakeBackend object at 0x7fa396312390>',
    'llm.FakeBackend|delay=None':
        'returned <conformal_rag.llm.FakeBackend object at 0x7fa3964d9910>',
    'llm.FakeBackend|delay=inf':
        'returned <conformal_rag.llm.FakeBackend object at 0x7fa396319290>',
    'llm.FakeBackend|delay=nan':
        'returned <conformal_rag.llm.FakeBackend object at 0x7fa396319290>',
    "llm.FakeBackend|max_n='x'":
        'returned <conformal_rag.llm.FakeBackend object at 0x7fa39631a390>',
    'llm.FakeBackend|max_n=-1':
        'returned <conformal_rag.llm.FakeBackend object at 0x7fa3964d9910>',
    'llm.FakeBackend|max_n=2.5':
        'returned <conformal_rag.llm.FakeBackend object at 0x7fa396312390>',
    'llm.FakeBackend|max_n=True':
        'returned <conformal_rag.llm.FakeBackend object at 0x7fa396319050>',
    'llm.FakeBackend|model=123':
        'returned <conformal_rag.llm.FakeBackend object at 0x7fa39631a390>',
    'llm.FakeBackend|model=None':
        'returned <conformal_rag.llm.FakeBackend object at 0x7fa39631a390>',
    'llm.LLM.sample|desc=123':
        "returned [[Sample(text='Paris', logprobs=None, finish='stop'), Sample(text='Paris', logprobs=None, finish='stop')]]",
    'llm.LLM.sample|desc=None':
        "returned [[Sample(text='Paris', logprobs=None, finish='stop'), Sample(text='Paris', logprobs=None, finish='stop')]]",
    "llm.LLM.sample|prompts='x'":
        "returned [Sample(text='Paris', logprobs=None, finish='stop'), Sample(text='Paris', logprobs=None, finish='stop')]",
    'llm.LLM.sample|prompts=[]':
        'returned []',
    'llm.LLM.sample|seed=-1':
        "returned [[Sample(text='Paris', logprobs=None, finish='stop'), Sample(text='Paris', logprobs=None, finish='stop')]]",
    'llm.LLM.sample|seed=2.5':
        "returned [[Sample(text='Paris', logprobs=None, finish='stop'), Sample(text='Paris', logprobs=None, finish='stop')]]",
    'llm.LLM.sample|seed=True':
        "returned [[Sample(text='Paris', logprobs=None, finish='stop'), Sample(text='Paris', logprobs=None, finish='stop')]]",
    "llm.LLM.sample|stop='x'":
        "returned [[Sample(text='Paris', logprobs=None, finish='stop'), Sample(text='Paris', logprobs=None, finish='stop')]]",
    'llm.LLM.sample|stop=[]':
        "returned [[Sample(text='Paris', logprobs=None, finish='stop'), Sample(text='Paris', logprobs=None, finish='stop')]]",
    "llm.check_prompt|prompt='bogus'":
        "returned 'bogus'",
    "llm.cut_at_stop|stop='x'":
        "returned ('a\\nb', False)",
    'llm.cut_at_stop|stop=[]':
        "returned ('a\\nb', False)",
    "llm.key_model|kind='bogus'":
        "returned 'gemma-3-270m'",
    'llm.key_model|kind=123':
        "returned 'gemma-3-270m'",
    'llm.key_model|kind=None':
        "returned 'gemma-3-270m'",
    'llm.key_model|model=123':
        'returned 123',
    'llm.key_model|model=None':
        'returned None',
    "llm.local_key_numerics|attention='bogus'":
        "returned (None, 'bogus')",
    'llm.local_key_numerics|attention=123':
        'returned (None, 123)',
    'llm.local_key_numerics|attention=None':
        'returned (None, None)',
    "llm.local_key_numerics|dtype='bogus'":
        "returned ('bogus', 'eager')",
    'llm.local_key_numerics|dtype=123':
        "returned (123, 'eager')",
    'llm.local_key_numerics|dtype=None':
        "returned (None, 'eager')",
    "llm.numerics_spec|attention='bogus'":
        "returned 'gemma-3-270m?dtype=fp32&attention=bogus'",
    'llm.numerics_spec|attention=123':
        "returned 'gemma-3-270m?dtype=fp32&attention=123'",
    'matching.best_rouge|pred=123':
        'returned 0.0',
    'matching.check_answers|answers=[]':
        'returned []',
    'matching.check_answers|name=123':
        "returned ['a', 'b']",
    'matching.check_answers|name=None':
        "returned ['a', 'b']",
    'matching.check_cluster_ids|ids=[]':
        'returned array([], dtype=int64)',
    'matching.check_cluster_ids|lo=-1':
        'returned array([0, 1, 0])',
    'matching.check_cluster_ids|name=123':
        'returned array([0, 1, 0])',
    'matching.check_cluster_ids|name=None':
        'returned array([0, 1, 0])',
    'matching.cluster_entailment|answers=[]':
        'returned array([], dtype=int64)',
    'matching.cluster_entailment|question=123':
        'returned array([0, 0, 1])',
    'matching.cluster_exact|answers=[]':
        'returned array([], dtype=int64)',
    'matching.cluster_frequencies|ids=[]':
        'returned array([], dtype=float64)',
    'matching.cluster_rouge|answers=[]':
        'returned array([], dtype=int64)',
    'matching.contains_answer|pred=123':
        'returned False',
    'matching.contains_correct|pred=123':
        'returned False',
    'matching.exact_match|pred=123':
        'returned False',
    "matching.lcs_length|a='x'":
        'returned 0',
    'matching.lcs_length|a=None':
        'returned 0',
    'matching.lcs_length|a=[..None]':
        'returned 0',
    'matching.lcs_length|a=[]':
        'returned 0',
    "matching.lcs_length|b='x'":
        'returned 0',
    'matching.lcs_length|b=None':
        'returned 0',
    'matching.lcs_length|b=[..None]':
        'returned 0',
    'matching.lcs_length|b=[]':
        'returned 0',
    'matching.normalize_answer|s=123':
        "returned '123'",
    'matching.parse_same_meaning|text=123':
        'returned None',
    'matching.parse_same_meaning|text=None':
        'returned None',
    'matching.rcrag_correct|pred=123':
        'returned False',
    'matching.rouge_matrix|answers=[]':
        'returned array([], shape=(0, 0), dtype=float64)',
    'matching.rouge_tokens|text=123':
        "returned ['123']",
    'matching.rouge|prediction=123':
        'returned (0.0, 0.0, 0.0)',
    'matching.rouge|target=123':
        'returned (0.0, 0.0, 0.0)',
    'matching.rouge|target=missing':
        'returned (0.0, 0.0, 0.0)',
    'matching.same_meaning_prompt|a=123':
        "returned 'Question: What is the capital of France?\\nAnswer 1: Paris\\nAnswer 2: the city of Paris\\nDo the two answers...",
    'matching.same_meaning_prompt|a=None':
        "returned 'Question: What is the capital of France?\\nAnswer 1: Paris\\nAnswer 2: the city of Paris\\nDo the two answers...",
    'matching.same_meaning_prompt|b=123':
        "returned 'Question: What is the capital of France?\\nAnswer 1: Paris\\nAnswer 2: the city of Paris\\nDo the two answers...",
    'matching.same_meaning_prompt|b=None':
        "returned 'Question: What is the capital of France?\\nAnswer 1: Paris\\nAnswer 2: the city of Paris\\nDo the two answers...",
    'matching.same_meaning_prompt|question=123':
        "returned 'Question: What is the capital of France?\\nAnswer 1: Paris\\nAnswer 2: the city of Paris\\nDo the two answers...",
    'matching.same_meaning_prompt|question=None':
        "returned 'Question: What is the capital of France?\\nAnswer 1: Paris\\nAnswer 2: the city of Paris\\nDo the two answers...",
    'matching.semantic_confidence|ids=[]':
        'returned array([], dtype=float64)',
    'matching.token_f1|pred=123':
        'returned 0.0',
    'matching.trac_correct|pred=123':
        'returned False',
    'matching.traq_correct|pred=123':
        'returned False',
    'openai_backend.retry_after|headers=None':
        'returned None',
    'overconfidence.adaptive_augmentation|responses=[..None]':
        "returned (['a', 'c'], array([False, True]))",
    'overconfidence.challenge_prompt|first_answer=123':
        "returned 'User: Answer the following question based on your internal knowledge with one or few words. If you are sur...",
    'overconfidence.challenge_prompt|first_answer=None':
        "returned 'User: Answer the following question based on your internal knowledge with one or few words. If you are sur...",
    'overconfidence.check_sources|sources=[]':
        'returned ()',
    'overconfidence.corrupt_document|answers=[]':
        "returned 'Lima is big'",
    'overconfidence.corrupt_document|doc=123':
        "returned '123'",
    'overconfidence.corrupt_document|replacement=123':
        "returned '123 is big'",
    'overconfidence.doc_contains|answer=123':
        'returned False',
    'overconfidence.doc_contains|doc=123':
        'returned False',
    'overconfidence.doc_overlap|answer=123':
        'returned 0.0',
    'overconfidence.doc_overlap|doc=123':
        'returned 0.0',
    "overconfidence.fake_model_answer|i='x'":
        "returned 'Lima, certain'",
    'overconfidence.fake_model_answer|i=-1':
        "returned 'Lima, certain'",
    'overconfidence.fake_model_answer|i=2.5':
        "returned 'Lima, certain'",
    'overconfidence.fake_model_answer|i=None':
        "returned 'Lima, certain'",
    'overconfidence.fake_model_answer|i=True':
        "returned 'Lima, certain'",
    "overconfidence.fake_model_answer|prompt='bogus'":
        "returned 'Tom'",
    "overconfidence.fake_model_answer|seed='x'":
        "returned 'Lima, certain'",
    'overconfidence.fake_model_answer|seed=-1':
        "returned 'Lima, certain'",
    'overconfidence.fake_model_answer|seed=2.5':
        "returned 'Lima, certain'",
    'overconfidence.fake_model_answer|seed=None':
        "returned 'Lima, certain'",
    'overconfidence.fake_model_answer|seed=True':
        "returned 'Lima, certain'",
    'overconfidence.finding_direction|conservativeness=inf':
        "returned 'conservative'",
    'overconfidence.finding_direction|conservativeness=nan':
        "returned 'n/a'",
    'overconfidence.finding_direction|overconfidence=inf':
        "returned 'overconfident'",
    'overconfidence.finding_direction|overconfidence=nan':
        "returned 'n/a'",
    'overconfidence.gen_config|model=123':
        'returned GenConfig(shots=2, chat=False, max_new_tokens=16, long_tokens=32, batch_prompts=8, ra_certainty=False, form...',
    'overconfidence.gen_config|model=None':
        'returned GenConfig(shots=2, chat=False, max_new_tokens=16, long_tokens=32, batch_prompts=8, ra_certainty=False, form...',
    "overconfidence.label_disagreement|responses='x'":
        'returned paper certain uncertain unparsed strict certain 0 0 0 uncertain 0 0 0 unparsed 0 0 1',
    'overconfidence.label_disagreement|responses=[..None]':
        'returned paper certain uncertain unparsed strict certain 0 0 0 uncertain 0 0 0 unparsed 0 0 2',
    'overconfidence.label_disagreement|responses=[]':
        'returned paper certain uncertain unparsed strict certain 0 0 0 uncertain 0 0 0 unparsed 0 0 0',
    "overconfidence.n_disagree|responses='x'":
        'returned 0',
    'overconfidence.n_disagree|responses=[..None]':
        'returned 0',
    'overconfidence.n_disagree|responses=[]':
        'returned 0',
    'overconfidence.parse_certainty|answer_in=123':
        "returned ('123', 'certain')",
    'overconfidence.parse_certainty|response=123':
        "returned ('123', 'unparsed')",
    'overconfidence.parse_certainty|response=None':
        "returned ('', 'unparsed')",
    'overconfidence.read_jsonl_records|path=missing':
        "returned [{'sentence': 'where was the won 0 born?[SEP]the won 0 was born in the city by the river in year 0', 'label...",
    'overconfidence.read_jsonl_records|what=123':
        "returned [{'id': 's1', 'title': 'Paris', 'context': 'Paris is the capital of France.', 'question': 'Capital of Franc...",
    'overconfidence.read_jsonl_records|what=None':
        "returned [{'id': 's1', 'title': 'Paris', 'context': 'Paris is the capital of France.', 'question': 'Capital of Franc...",
    "overconfidence.sample_agreement|answers='x'":
        'returned 1.0',
    'overconfidence.sample_agreement|answers=[..None]':
        'returned 1.0',
    'overconfidence.threshold_labels|confidence=None':
        "returned array('unparsed', dtype=object)",
    'overconfidence.threshold_labels|confidence=[]':
        'returned array([], dtype=object)',
    'overconfidence.token_confidence|logprobs=[]':
        'returned nan',
    'overconfidence.utilized|answer_with=123':
        'returned False',
    'overconfidence.utilized|answer_without=123':
        'returned True',
    'overconfidence.utilized|doc=123':
        'returned False',
    'overconfidence.w2r_reasked|text=123':
        'returned (True, False)',
    'overconfidence.w2r_reasked|text=None':
        'returned (True, False)',
    "overconfidence.w2r_strategy|prompt='bogus'":
        "returned 'unknown'",
    'overconfidence.w2r_strategy|prompt=123':
        "returned 'unknown'",
    'overconfidence.w2r_strategy|prompt=None':
        "returned 'unknown'",
    'overconfidence.w2r_strip_certainty|text=123':
        "returned '123'",
    'overconfidence.w2r_strip_certainty|text=None':
        "returned 'none'",
    'rcrag.RCConfig|fusion=[]':
        'returned RCConfig(shots=1, chat=False, k=3, passage_words=50, max_new_tokens=24, rounds=5, no_ids_rounds=1, fusion=(...',
    'rcrag.Reply|answer=123':
        'returned Reply(answer=123, evidence=(1,), internal=False, reject=False)',
    'rcrag.Reply|answer=None':
        'returned Reply(answer=None, evidence=(1,), internal=False, reject=False)',
    'rcrag.Reply|evidence=None':
        "returned Reply(answer='Paris', evidence=None, internal=False, reject=False)",
    "rcrag.Reply|evidence=[..'x']":
        "returned Reply(answer='Paris', evidence=['x'], internal=False, reject=False)",
    'rcrag.Reply|evidence=[..nan]':
        "returned Reply(answer='Paris', evidence=[nan], internal=False, reject=False)",
    'rcrag.Reply|evidence=[]':
        "returned Reply(answer='Paris', evidence=[], internal=False, reject=False)",
    'rcrag.answers_match|pred=123':
        'returned False',
    'rcrag.answers_match|pred=None':
        'returned False',
    "rcrag.answers_match|reference='x'":
        'returned False',
    'rcrag.answers_match|reference=[]':
        'returned False',
    "rcrag.binary|unparsed='bogus'":
        "returned 'keep'",
    'rcrag.binary|unparsed=123':
        "returned 'keep'",
    'rcrag.binary|unparsed=None':
        "returned 'keep'",
    "rcrag.fake_rcrag_reply|i='x'":
        "returned 'Unknown.'",
    'rcrag.fake_rcrag_reply|i=-1':
        "returned 'Unknown.'",
    'rcrag.fake_rcrag_reply|i=2.5':
        "returned 'Unknown.'",
    'rcrag.fake_rcrag_reply|i=None':
        "returned 'Unknown.'",
    'rcrag.fake_rcrag_reply|i=True':
        "returned 'Unknown.'",
    "rcrag.fake_rcrag_reply|prompt='bogus'":
        "returned 'Paris.\\nEvidence: ## Passage-0 ##.'",
    "rcrag.fake_rcrag_reply|seed='x'":
        "returned 'Unknown.'",
    'rcrag.fake_rcrag_reply|seed=-1':
        "returned 'Unknown.'",
    'rcrag.fake_rcrag_reply|seed=2.5':
        "returned 'Unknown.'",
    'rcrag.fake_rcrag_reply|seed=None':
        "returned 'Unknown.'",
    'rcrag.fake_rcrag_reply|seed=True':
        "returned 'Unknown.'",
    'rcrag.format_passages|passages=[..None]':
        "returned 'Passage-0: Paris is big.\\nPassage-1: None'",
    'rcrag.ioe_needs_second_step|first=123':
        'returned True',
    'rcrag.ioe_needs_second_step|first=None':
        'returned False',
    'rcrag.ioe_needs_second_step|rag_answer=None':
        'returned False',
    'rcrag.ioe_outcome|first=123':
        "returned 'keep'",
    'rcrag.ioe_outcome|first=None':
        "returned 'unparsed'",
    'rcrag.ioe_outcome|rag_answer=None':
        "returned 'unparsed'",
    "rcrag.ioe_outcome|second='bogus'":
        "returned 'discard'",
    'rcrag.ioe_outcome|second=123':
        "returned 'discard'",
    'rcrag.is_rejection|text=123':
        'returned False',
    'rcrag.is_rejection|text=None':
        'returned False',
    'rcrag.judgment_label|golds=[]':
        "returned 'discard'",
    'rcrag.judgment_label|rag_answer=123':
        "returned 'discard'",
    'rcrag.judgment_label|rag_answer=None':
        "returned 'discard'",
    'rcrag.parse_keep_discard|text=123':
        'returned None',
    'rcrag.parse_probability|text=123':
        'returned None',
    'rcrag.parse_reply|text=123':
        "returned Reply(answer='123', evidence=(), internal=False, reject=False)",
    'rcrag.user_turn|passages=123':
        "returned 'Answer the following question based on the given passages with one or few words. Provide your evidence bet...",
    'rcrag.user_turn|passages=None':
        "returned 'Answer the following question based on the given passages with one or few words. Provide your evidence bet...",
    'rcrag_metrics.format_metric|hi=None':
        "returned '0.500'",
    'rcrag_metrics.format_metric|hi=nan':
        "returned '0.500'",
    'rcrag_metrics.format_metric|lo=None':
        "returned '0.500'",
    'rcrag_metrics.format_metric|lo=nan':
        "returned '0.500'",
    'rcrag_metrics.format_metric|value=None':
        "returned 'undefined'",
    'rcrag_metrics.format_metric|value=nan':
        "returned 'undefined'",
    "rcrag_metrics.parse_status|keep_rule='bogus'":
        "returned {'parsed': True, 'cites': False, 'refuses': False}",
    'rcrag_metrics.parse_status|keep_rule=123':
        "returned {'parsed': True, 'cites': False, 'refuses': False}",
    'rcrag_metrics.parse_status|keep_rule=None':
        "returned {'parsed': True, 'cites': False, 'refuses': False}",
    'rcrag_metrics.parse_status|response=123':
        "returned {'parsed': True, 'cites': False, 'refuses': False}",
    'rcrag_metrics.parse_status|response=None':
        "returned {'parsed': False, 'cites': False, 'refuses': False}",
    'reproduce.at_most_param|other=123':
        'returned <function at_most_param.<locals>.check at 0x7fa396353740>',
    'reproduce.at_most_param|other=None':
        'returned <function at_most_param.<locals>.check at 0x7fa396353740>',
    'reproduce.confined_out_dir|out_root=missing':
        "returned '/nonexistent/trial/x.json/r'",
    'reproduce.confined_out_dir|run=123':
        "returned '<tmp>/runs/r'",
    'reproduce.confined_out_dir|run=None':
        "returned '<tmp>/runs/r'",
    "reproduce.count_param|maximum='x'":
        'returned <function count_param.<locals>.<lambda> at 0x7fa396353740>',
    'reproduce.count_param|maximum=-1':
        'returned <function count_param.<locals>.<lambda> at 0x7fa396353740>',
    'reproduce.count_param|maximum=2.5':
        'returned <function count_param.<locals>.<lambda> at 0x7fa396353740>',
    'reproduce.count_param|maximum=True':
        'returned <function count_param.<locals>.<lambda> at 0x7fa396353740>',
    "reproduce.count_param|minimum='x'":
        'returned <function count_param.<locals>.<lambda> at 0x7fa396353740>',
    'reproduce.count_param|minimum=-1':
        'returned <function count_param.<locals>.<lambda> at 0x7fa396353740>',
    'reproduce.count_param|minimum=2.5':
        'returned <function count_param.<locals>.<lambda> at 0x7fa396353740>',
    'reproduce.count_param|minimum=None':
        'returned <function count_param.<locals>.<lambda> at 0x7fa396353740>',
    'reproduce.count_param|minimum=True':
        'returned <function count_param.<locals>.<lambda> at 0x7fa396353740>',
    "reproduce.fractions_param|parts='x'":
        'returned <function fractions_param.<locals>.check at 0x7fa396353740>',
    'reproduce.fractions_param|parts=-1':
        'returned <function fractions_param.<locals>.check at 0x7fa396353740>',
    'reproduce.fractions_param|parts=2.5':
        'returned <function fractions_param.<locals>.check at 0x7fa396353740>',
    'reproduce.fractions_param|parts=None':
        'returned <function fractions_param.<locals>.check at 0x7fa396353740>',
    'reproduce.fractions_param|parts=True':
        'returned <function fractions_param.<locals>.check at 0x7fa396353740>',
    "reproduce.list_param|length='x'":
        'returned <function list_param.<locals>.check at 0x7fa396353740>',
    'reproduce.list_param|length=-1':
        'returned <function list_param.<locals>.check at 0x7fa396353740>',
    'reproduce.list_param|length=2.5':
        'returned <function list_param.<locals>.check at 0x7fa396353740>',
    'reproduce.list_param|length=True':
        'returned <function list_param.<locals>.check at 0x7fa396353740>',
    "reproduce.number_param|hi='x'":
        'returned <function number_param.<locals>.<lambda> at 0x7fa396353740>',
    'reproduce.number_param|hi=None':
        'returned <function number_param.<locals>.<lambda> at 0x7fa396353740>',
    'reproduce.number_param|hi=inf':
        'returned <function number_param.<locals>.<lambda> at 0x7fa396353740>',
    'reproduce.number_param|hi=nan':
        'returned <function number_param.<locals>.<lambda> at 0x7fa396353740>',
    "reproduce.number_param|lo='x'":
        'returned <function number_param.<locals>.<lambda> at 0x7fa396353740>',
    'reproduce.number_param|lo=None':
        'returned <function number_param.<locals>.<lambda> at 0x7fa396353740>',
    'reproduce.number_param|lo=inf':
        'returned <function number_param.<locals>.<lambda> at 0x7fa396353740>',
    'reproduce.number_param|lo=nan':
        'returned <function number_param.<locals>.<lambda> at 0x7fa396353740>',
    'reproduce.one_of_param|other=123':
        'returned <function one_of_param.<locals>.check at 0x7fa396353740>',
    'reproduce.one_of_param|other=None':
        'returned <function one_of_param.<locals>.check at 0x7fa396353740>',
    'reproduce.parse_needs_env|spec=None':
        'returned {}',
    'reproduce.parse_needs_env|where=123':
        "returned {'OPENAI_API_KEY': {'parameter': 'an OpenAI key', 'example': '/path/to/an OpenAI key', 'help': '', 'optiona...",
    'reproduce.parse_needs_env|where=None':
        "returned {'OPENAI_API_KEY': {'parameter': 'an OpenAI key', 'example': '/path/to/an OpenAI key', 'help': '', 'optiona...",
    'reproduce.plain_yaml|what=123':
        "returned {'a': 1}",
    'reproduce.plain_yaml|what=None':
        "returned {'a': 1}",
    'reproduce.redact|text=123':
        "returned '123'",
    'reproduce.redact|text=None':
        "returned 'None'",
    "reproduce.vacuous_warnings|warns='x'":
        'returned []',
    'reproduce.vacuous_warnings|warns=[]':
        'returned []',
    "retrieval.BM25.query_ids|questions='x'":
        'returned [array([], dtype=int32)]',
    'retrieval.BM25.query_ids|questions=[]':
        'returned []',
    "retrieval.BM25.scores|questions='x'":
        'returned array([[0., 0., 0.]])',
    'retrieval.BM25.scores|questions=[]':
        'returned array([], shape=(0, 3), dtype=float64)',
    "retrieval.BM25.search|questions='x'":
        'returned (array([[0, 1]]), array([[0., 0.]]))',
    'retrieval.BM25.search|questions=[]':
        'returned (array([], shape=(0, 2), dtype=int64), array([], shape=(0, 2), dtype=float64))',
    "retrieval.BM25Reference.scores|questions='x'":
        'returned array([[0., 0., 0.]])',
    'retrieval.BM25Reference.scores|questions=[]':
        'returned array([], shape=(0, 3), dtype=float64)',
    'retrieval.DenseIndex.scores|Q=[..nan]':
        'returned array([[0.60401887, 2.0632792 , 1.2872025 , 0.7425824 , 1.4006212 , 0.84325427, 1.7538652 , 1.4373095 , 1.1...',
    "retrieval.DenseIndex|ef_construction='x'":
        'returned <conformal_rag.retrieval.DenseIndex object at 0x7fa3964f58d0>',
    'retrieval.DenseIndex|ef_construction=-1':
        'returned <conformal_rag.retrieval.DenseIndex object at 0x7fa3964f4ed0>',
    'retrieval.DenseIndex|ef_construction=2.5':
        'returned <conformal_rag.retrieval.DenseIndex object at 0x7fa3964f4950>',
    'retrieval.DenseIndex|ef_construction=None':
        'returned <conformal_rag.retrieval.DenseIndex object at 0x7fa3964f54d0>',
    'retrieval.DenseIndex|ef_construction=True':
        'returned <conformal_rag.retrieval.DenseIndex object at 0x7fa3964f4f10>',
    "retrieval.DenseIndex|ef_search='x'":
        'returned <conformal_rag.retrieval.DenseIndex object at 0x7fa3964f5310>',
    'retrieval.DenseIndex|ef_search=-1':
        'returned <conformal_rag.retrieval.DenseIndex object at 0x7fa3964e51d0>',
    'retrieval.DenseIndex|ef_search=2.5':
        'returned <conformal_rag.retrieval.DenseIndex object at 0x7fa3964f5a90>',
    'retrieval.DenseIndex|ef_search=None':
        'returned <conformal_rag.retrieval.DenseIndex object at 0x7fa3964f5f10>',
    'retrieval.DenseIndex|ef_search=True':
        'returned <conformal_rag.retrieval.DenseIndex object at 0x7fa3964f5ad0>',
    "retrieval.DenseIndex|hnsw_m='x'":
        'returned <conformal_rag.retrieval.DenseIndex object at 0x7fa3964f4c10>',
    'retrieval.DenseIndex|hnsw_m=-1':
        'returned <conformal_rag.retrieval.DenseIndex object at 0x7fa3964f4350>',
    'retrieval.DenseIndex|hnsw_m=2.5':
        'returned <conformal_rag.retrieval.DenseIndex object at 0x7fa3964e4790>',
    'retrieval.DenseIndex|hnsw_m=None':
        'returned <conformal_rag.retrieval.DenseIndex object at 0x7fa3964f4810>',
    'retrieval.DenseIndex|hnsw_m=True':
        'returned <conformal_rag.retrieval.DenseIndex object at 0x7fa3964f4050>',
    "retrieval.DenseIndex|nlist='x'":
        'returned <conformal_rag.retrieval.DenseIndex object at 0x7fa3964e6f90>',
    'retrieval.DenseIndex|nlist=-1':
        'returned <conformal_rag.retrieval.DenseIndex object at 0x7fa3964e4b10>',
    'retrieval.DenseIndex|nlist=2.5':
        'returned <conformal_rag.retrieval.DenseIndex object at 0x7fa3964e6ad0>',
    'retrieval.DenseIndex|nlist=True':
        'returned <conformal_rag.retrieval.DenseIndex object at 0x7fa3964e6b50>',
    "retrieval.DenseIndex|nprobe='x'":
        'returned <conformal_rag.retrieval.DenseIndex object at 0x7fa3964e7a50>',
    'retrieval.DenseIndex|nprobe=-1':
        'returned <conformal_rag.retrieval.DenseIndex object at 0x7fa3964e74d0>',
    'retrieval.DenseIndex|nprobe=2.5':
        'returned <conformal_rag.retrieval.DenseIndex object at 0x7fa3964e7290>',
    'retrieval.DenseIndex|nprobe=None':
        'returned <conformal_rag.retrieval.DenseIndex object at 0x7fa3964e7a90>',
    'retrieval.DenseIndex|nprobe=True':
        'returned <conformal_rag.retrieval.DenseIndex object at 0x7fa3964e7790>',
    "retrieval.DenseIndex|seed='x'":
        'returned <conformal_rag.retrieval.DenseIndex object at 0x7fa3964f6e10>',
    'retrieval.DenseIndex|seed=-1':
        'returned <conformal_rag.retrieval.DenseIndex object at 0x7fa3964f6a10>',
    'retrieval.DenseIndex|seed=2.5':
        'returned <conformal_rag.retrieval.DenseIndex object at 0x7fa3964f6610>',
    'retrieval.DenseIndex|seed=None':
        'returned <conformal_rag.retrieval.DenseIndex object at 0x7fa3964f6b10>',
    'retrieval.DenseIndex|seed=True':
        'returned <conformal_rag.retrieval.DenseIndex object at 0x7fa3964f6550>',
    "retrieval.DenseIndex|train_size='x'":
        'returned <conformal_rag.retrieval.DenseIndex object at 0x7fa3964f6610>',
    'retrieval.DenseIndex|train_size=-1':
        'returned <conformal_rag.retrieval.DenseIndex object at 0x7fa3964f5ed0>',
    'retrieval.DenseIndex|train_size=2.5':
        'returned <conformal_rag.retrieval.DenseIndex object at 0x7fa3964f5b90>',
    'retrieval.DenseIndex|train_size=True':
        'returned <conformal_rag.retrieval.DenseIndex object at 0x7fa3964f5ed0>',
    'retrieval.Retrieval.subset|rows=[]':
        "returned Retrieval(passage_ids=array(['p0', 'p1', 'p2', 'p3', 'p4', 'p5'], dtype='<U2'), topk_idx=array([], shape=(0...",
    'retrieval.Retrieval.topk_ids|i=-1':
        "returned ['p3', 'p5', 'p1']",
    'retrieval.Retrieval.topk_ids|i=None':
        "returned [[['p3', 'p2', 'p5'], ['p4', 'p5', 'p1'], ['p3', 'p2', 'p0'], ['p5', 'p4', 'p2'], ['p5', 'p4', 'p3'], ['p2'...",
    'retrieval.Retrieval.topk_ids|i=True':
        "returned [[['p3', 'p2', 'p5'], ['p4', 'p5', 'p1'], ['p3', 'p2', 'p0'], ['p5', 'p4', 'p2'], ['p5', 'p4', 'p3'], ['p2'...",
    'retrieval.Retrieval|passage_ids=[..None]':
        "returned Retrieval(passage_ids=array(['a', 'b', None], dtype=object), topk_idx=array([[2, 0], [1, 2]]), topk_scores=...",
    'retrieval.check_gold_rows|N=2.5':
        'returned array([0, 2])',
    "retrieval.check_gold_rows|i='x'":
        'returned array([0, 2])',
    'retrieval.check_gold_rows|i=-1':
        'returned array([0, 2])',
    'retrieval.check_gold_rows|i=2.5':
        'returned array([0, 2])',
    'retrieval.check_gold_rows|i=None':
        'returned array([0, 2])',
    'retrieval.check_gold_rows|i=True':
        'returned array([0, 2])',
    'retrieval.check_gold_rows|rows=[]':
        'returned array([], dtype=int64)',
    'retrieval.check_k|n_passages=2.5':
        'returned 2',
    'retrieval.check_scores_matrix|name=123':
        'returned array([[1., 1., 1.], [1., 1., 1.]])',
    'retrieval.check_scores_matrix|name=None':
        'returned array([[1., 1., 1.], [1., 1., 1.]])',
    "retrieval.corpus_hash|texts='x'":
        "returned '14f825b2bbc32dd8'",
    'retrieval.corpus_hash|texts=[]':
        "returned 'e3b0c44298fc1c14'",
    "retrieval.full_set_sizes|questions='x'":
        'returned array([0])',
    'retrieval.full_set_sizes|questions=[]':
        'returned array([], dtype=int64)',
    'retrieval.retrieval_coverage_trials|alphas=[]':
        'returned Empty DataFrame Columns: [] Index: []',
    'retrieval.retrieve|questions=[]':
        "returned Retrieval(passage_ids=array(['p0', 'p1', 'p2'], dtype=object), topk_idx=array([], shape=(0, 2), dtype=int64...",
    'retrieval.tokenize|text=123':
        "returned ['123']",
    'risk_control.check_lambdas|name=123':
        'returned array([0. , 0.5, 1. ])',
    'risk_control.check_lambdas|name=None':
        'returned array([0. , 0.5, 1. ])',
    'risk_control.coverage_by_group|groups=[..None]':
        'returned group n covered coverage lo hi 0 a 2 2 1.0 0.223607 1.00 1 b 1 0 0.0 0.000000 0.95 2 NaN 1 1 1.0 0.050000 1.00',
    'risk_control.fixed_sequence|order=[]':
        'returned array([], dtype=int64)',
    'risk_control.group_taus|groups=[]':
        'returned array([], dtype=float64)',
    'risk_control.mondrian_threshold|groups=[..None]':
        "returned {'a': 0.8210344827586207, 'b': 0.7872413793103448, None: inf}",
    'risk_control.risk_control_trials|ltt_orders=[]':
        'returned split n_cal n_test ... kept_wrong selective_risk keep_rate 0 0 15 15 ... 0.333333 0.384615 0.866667 1 1 15 ...',
    'stats.coverage_band|n_cal=2.5':
        'returned (1.0, 1.0)',
    'stats.coverage_band|n_cal=True':
        'returned (1.0, 1.0)',
    'stats.coverage_band|n_splits=2.5':
        'returned (0.81, 0.97)',
    'stats.coverage_band|n_splits=True':
        'returned (0.76, 1.0)',
    'stats.coverage_band|n_test=2.5':
        'returned (0.75, 1.0)',
    'stats.coverage_band|n_test=True':
        'returned (0.7, 1.0)',
    'stats.gp_minimize_1d|n_initial_points=-1':
        'returned fun: 0.009313358016425384 x: [0.39650574084698476] func_vals: [ 4.000e-02 7.908e-02 2.766e-02 9.313e-03 4.5...',
    'stats.gp_minimize_1d|n_initial_points=2.5':
        'returned fun: 0.04000000000000001 x: [0.5] func_vals: [ 4.000e-02 6.191e-02 1.724e-01 9.167e-02 7.908e-02] x_iters: ...',
    'stats.gp_minimize_1d|n_initial_points=True':
        'returned fun: 0.0045646062843688676 x: [0.3675618700478966] func_vals: [ 4.000e-02 6.191e-02 4.922e-02 1.921e-02 4.5...',
    'stats.gp_minimize_1d|seed=None':
        'returned fun: 0.0008492862126133515 x: [0.32914251555053803] func_vals: [ 4.000e-02 3.246e-02 8.493e-04 2.336e-01 3....',
    'stats.gp_minimize_1d|seed=True':
        'returned fun: 4.077910099337938e-05 x: [0.29361414837367955] func_vals: [ 4.000e-02 1.369e-02 1.767e-01 8.993e-02 4....',
    'stats.map_jobs|desc=123':
        'returned [1, 2]',
    'stats.map_jobs|desc=None':
        'returned [1, 2]',
    'stats.map_jobs|items=[..nan]':
        'returned [1.0, nan]',
    'stats.map_jobs|items=[]':
        'returned []',
    'stats.map_jobs|n_jobs=2.5':
        'returned [1, 2]',
    'stats.map_jobs|n_jobs=None':
        'returned [1, 2]',
    'stats.map_jobs|n_jobs=True':
        'returned [1, 2]',
    'stats.quantile_agg|q=-0.5':
        'returned <function quantile_agg.<locals>.f at 0x7fa3c82fc040>',
    'stats.quantile_agg|q=1.5':
        'returned <function quantile_agg.<locals>.f at 0x7fa3c82fc040>',
    'stats.split_coverage_pmf|n_cal=2.5':
        'returned array([0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 1.])',
    'stats.split_coverage_pmf|n_cal=True':
        'returned array([0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 1.])',
    'stats.split_coverage_pmf|n_test=2.5':
        'returned array([0.01209677, 0.16935484, 0.81854839])',
    'stats.split_coverage_pmf|n_test=True':
        'returned array([0.09677419, 0.90322581])',
    'stats.split_trials|desc=123':
        'returned n trial 0 10 0 1 10 1 2 10 2',
    'stats.split_trials|desc=None':
        'returned n trial 0 10 0 1 10 1 2 10 2',
    'stats.split_trials|n_jobs=2.5':
        'returned n trial 0 10 0 1 10 1 2 10 2',
    'stats.split_trials|n_jobs=None':
        'returned n trial 0 10 0 1 10 1 2 10 2',
    'stats.split_trials|n_jobs=True':
        'returned n trial 0 10 0 1 10 1 2 10 2',
    'stats.split_trials|strata=[..None]':
        'returned n trial 0 10 0 1 10 1 2 10 2',
    'stats.split_trials|strata=[]':
        'returned n trial 0 0 0 1 0 1 2 0 2',
    'stats.split_trials|trial_column=123':
        'returned n 123 0 10 0 1 10 1 2 10 2',
    'stats.stratified_split|strata=[..None]':
        'returned (array([ 4, 5, 6, 7, 8, 12, 13, 14, 17, 19]), array([ 0, 1, 2, 3, 9, 10, 11, 15, 16, 18]))',
    'stats.stratified_split|strata=[]':
        'returned (array([], dtype=int64), array([], dtype=int64))',
    'trac.example_sets|methods=[]':
        "returned '# Example prediction sets (TRAC Appendix G)\\n\\n**synthetic question 15**\\n\\nTrue answer: answer 0\\n\\n\\n**s...",
    'trac.example_sets|title=123':
        "returned '# Example prediction sets (TRAC Appendix G)123\\n\\n**synthetic question 15**\\n\\nTrue answer: answer 0\\n\\n- ...",
    'trac.example_sets|title=None':
        "returned '# Example prediction sets (TRAC Appendix G)None\\n\\n**synthetic question 15**\\n\\nTrue answer: answer 0\\n\\n-...",
    'trac.global_accept|weights=None':
        'returned array([[False, True]])',
    "trac.weight_search|n_calls='x'":
        "returned {'w_ret': 0.49999999999999994, 'objective': 5.6}",
    'trac.weight_search|n_calls=-1':
        "returned {'w_ret': 0.49999999999999994, 'objective': 5.6}",
    'trac.weight_search|n_calls=2.5':
        "returned {'w_ret': 0.49999999999999994, 'objective': 5.6}",
    'trac.weight_search|n_calls=None':
        "returned {'w_ret': 0.49999999999999994, 'objective': 5.6}",
    'trac.weight_search|n_calls=True':
        "returned {'w_ret': 0.49999999999999994, 'objective': 5.6}",
    "trac.weight_search|n_initial_points='x'":
        "returned {'w_ret': 0.49999999999999994, 'objective': 5.6}",
    'trac.weight_search|n_initial_points=-1':
        "returned {'w_ret': 0.49999999999999994, 'objective': 5.6}",
    'trac.weight_search|n_initial_points=2.5':
        "returned {'w_ret': 0.49999999999999994, 'objective': 5.6}",
    'trac.weight_search|n_initial_points=None':
        "returned {'w_ret': 0.49999999999999994, 'objective': 5.6}",
    'trac.weight_search|n_initial_points=True':
        "returned {'w_ret': 0.49999999999999994, 'objective': 5.6}",
    "trac.weight_search|search='bogus'":
        "returned {'w_ret': 0.5, 'objective': 5.6}",
    'trac.weight_search|search=123':
        "returned {'w_ret': 0.5, 'objective': 5.6}",
    'trac.weight_search|search=None':
        "returned {'w_ret': 0.5, 'objective': 5.6}",
    "trac.weight_search|seed='x'":
        "returned {'w_ret': 0.49999999999999994, 'objective': 5.6}",
    'trac.weight_search|seed=-1':
        "returned {'w_ret': 0.49999999999999994, 'objective': 5.6}",
    'trac.weight_search|seed=2.5':
        "returned {'w_ret': 0.49999999999999994, 'objective': 5.6}",
    'trac.weight_search|seed=None':
        "returned {'w_ret': 0.49999999999999994, 'objective': 5.6}",
    'trac.weight_search|seed=True':
        "returned {'w_ret': 0.49999999999999994, 'objective': 5.6}",
    'trac.whole_set_note|min_share=-0.5':
        "returned ' Share of test questions whose set is the whole candidate set (every sample of every retrieved passage): a...",
    'trac.whole_set_note|min_share=1.5':
        "returned ' Share of test questions whose set is the whole candidate set (every sample of every retrieved passage): n...",
    'trac.whole_set_note|min_share=None':
        "returned ' Share of test questions whose set is the whole candidate set (every sample of every retrieved passage): n...",
    'trac.whole_set_note|min_share=inf':
        "returned ' Share of test questions whose set is the whole candidate set (every sample of every retrieved passage): n...",
    'trac.whole_set_note|min_share=nan':
        "returned ' Share of test questions whose set is the whole candidate set (every sample of every retrieved passage): n...",
    'traq.TraqRecluster.subset|idx=[]':
        'returned TraqRecluster(answer_id=array([], shape=(0, 4, 4), dtype=int32), joins=[])',
    'traq.check_split|tol=inf':
        'returned None',
    'traq.check_split|tol=nan':
        'returned None',
    "traq.fidelity_method|method='bogus'":
        "returned 'bogus'",
    'traq.fidelity_method|method=123':
        'returned 123',
    'traq.optimize_split|method=None':
        "returned {'w_ret': 0.49999999999999994, 'objective': 5.6, 'ws': [0.05, 0.27499999999999997, 0.49999999999999994, 0.7...",
    "traq.split_indices|c='x'":
        'returned (array([], dtype=int64), array([0]), array([], dtype=int64))',
    'traq.traq_softmax|w=None':
        'returned np.float64(nan)',
    'traq.traq_softmax|w=[..nan]':
        'returned array([nan, nan])',
    'traq.traq_softmax|w=[]':
        'returned array([], dtype=float64)',
    'traq.with_ret_score|name=123':
        'returned Collection(ret_score=array([[1., 1., 1., 1.], [1., 1., 1., 1.], [1., 1., 1., 1.], [1., 1., 1., 1.], [1., 1....',
    'traq.with_ret_score|name=None':
        'returned Collection(ret_score=array([[1., 1., 1., 1.], [1., 1., 1., 1.], [1., 1., 1., 1.], [1., 1., 1., 1.], [1., 1....',
    'traq.with_ret_score|score=[..nan]':
        'returned Collection(ret_score=array([[ 1., 1., 1., 1.], [ 1., 1., 1., 1.], [ 1., 1., 1., 1.], [ 1., 1., 1., 1.], [ 1...',
    "traq_grid.grid_splits|c='x'":
        'returned {0: (array([], dtype=int64), array([0]), array([], dtype=int64)), 1: (array([], dtype=int64), array([0]), a...',
    'traq_grid.grid_splits|seeds=[]':
        'returned {}',
    'traq_grid.individual_coverage|levels=[]':
        'returned Empty DataFrame Columns: [] Index: []',
    'traq_grid.individual_coverage|method=None':
        'returned component level coverage size ... population n_pool n_cal n_test 0 retriever 0.9 0.7 3.0 ... all 20 10 10 1...',
    "traq_grid.run_grid|delta='x'":
        'returned method level alpha ... ceiling_e2e_top ceiling_e2e too_few 0 Bonf 0.7 0.3 ... 0.625 0.625 [1 rows x 32 colu...',
    'traq_grid.run_grid|delta=-0.5':
        'returned method level alpha ... ceiling_e2e_top ceiling_e2e too_few 0 Bonf 0.7 0.3 ... 0.625 0.625 [1 rows x 32 colu...',
    'traq_grid.run_grid|delta=1.5':
        'returned method level alpha ... ceiling_e2e_top ceiling_e2e too_few 0 Bonf 0.7 0.3 ... 0.625 0.625 [1 rows x 32 colu...',
    'traq_grid.run_grid|delta=None':
        'returned method level alpha ... ceiling_e2e_top ceiling_e2e too_few 0 Bonf 0.7 0.3 ... 0.625 0.625 [1 rows x 32 colu...',
    'traq_grid.run_grid|delta=inf':
        'returned method level alpha ... ceiling_e2e_top ceiling_e2e too_few 0 Bonf 0.7 0.3 ... 0.625 0.625 [1 rows x 32 colu...',
    'traq_grid.run_grid|delta=nan':
        'returned method level alpha ... ceiling_e2e_top ceiling_e2e too_few 0 Bonf 0.7 0.3 ... 0.625 0.625 [1 rows x 32 colu...',
    'traq_grid.run_grid|n_jobs=2.5':
        'returned method level alpha ... ceiling_e2e_top ceiling_e2e too_few 0 Bonf 0.7 0.3 ... 0.625 0.625 [1 rows x 32 colu...',
    'traq_grid.run_grid|n_jobs=None':
        'returned method level alpha ... ceiling_e2e_top ceiling_e2e too_few 0 Bonf 0.7 0.3 ... 0.625 0.625 [1 rows x 32 colu...',
    'traq_grid.run_grid|n_jobs=True':
        'returned method level alpha ... ceiling_e2e_top ceiling_e2e too_few 0 Bonf 0.7 0.3 ... 0.625 0.625 [1 rows x 32 colu...',
    'traq_grid.traq_split|fractions=[..nan]':
        'returned (array([ 4, 7, 16, 17, 18, 19]), array([ 1, 6, 8, 9, 13, 14]), array([ 0, 2, 3, 5, 10, 11, 12, 15]))',
    'traq_release.load_release_scores|n=-1':
        "returned {'retrieved_true_scores': [[71.9212646484375], [66.03870391845703], [67.58880615234375], [72.03411865234375...",
    'traq_release.load_release_scores|n=2.5':
        "returned {'retrieved_true_scores': [[71.9212646484375], [66.03870391845703]], 'true_scores': [[0.25, 0.25, 0.25, 0.5...",
    'traq_release.load_release_scores|n=True':
        "returned {'retrieved_true_scores': [[71.9212646484375]], 'true_scores': [[0.25, 0.25, 0.25, 0.5, 0.25, 0.5]], 'n_que...",
    'traq_release.load_release|n=2.5':
        'returned Collection(ret_score=array([[71.92126465, 70.37718964, 70.31469727, 69.60368347, 71.92126465], [75.46603394...',
    'traq_release.load_release|n=True':
        'returned Collection(ret_score=array([[71.92126465, 70.37718964, 70.31469727, 69.60368347, 71.92126465]]), in_topk=ar...',
    'traq_release.release_files|dir=missing':
        "returned {'retrieved_scores': None, 'retrieved_true_scores': None, 'queries': None, 'true_answers': None, 'true_scor...",
    'traq_release.release_files|variant=123':
        "returned {'retrieved_scores': None, 'retrieved_true_scores': None, 'queries': None, 'true_answers': None, 'true_scor...",
    'traq_release.release_suffix|variant=123':
        "returned 'nq_123'",
    'traq_release.synthetic_release|Q=-1':
        "returned {'queries': [], 'true_answers': [], 'retrieved_scores': [], 'retrieved_true_scores': [], 'true_scores': [],...",
    'traq_release.synthetic_release|Q=True':
        "returned {'queries': ['synthetic question 0?'], 'true_answers': [['answer 0', 'alias 0']], 'retrieved_scores': [arra...",
    'traq_release.synthetic_release|extra_answers=-1':
        "returned {'queries': ['synthetic question 0?', 'synthetic question 1?', 'synthetic question 2?', 'synthetic question...",
    'traq_release.synthetic_release|extra_answers=True':
        "returned {'queries': ['synthetic question 0?', 'synthetic question 1?', 'synthetic question 2?', 'synthetic question...",
    'traq_release.synthetic_release|long_answer=-1':
        "returned {'queries': ['synthetic question 0?', 'synthetic question 1?', 'synthetic question 2?', 'synthetic question...",
    'traq_release.synthetic_release|long_answer=2.5':
        "returned {'queries': ['synthetic question 0?', 'synthetic question 1?', 'synthetic question 2?', 'synthetic question...",
    'traq_release.synthetic_release|long_answer=None':
        "returned {'queries': ['synthetic question 0?', 'synthetic question 1?', 'synthetic question 2?', 'synthetic question...",
    'traq_release.synthetic_release|long_answer=True':
        "returned {'queries': ['synthetic question 0?', 'synthetic question 1?', 'synthetic question 2?', 'synthetic question...",
    'traq_release.synthetic_release|seed=None':
        "returned {'queries': ['synthetic question 0?', 'synthetic question 1?', 'synthetic question 2?', 'synthetic question...",
    'traq_release.synthetic_release|seed=True':
        "returned {'queries': ['synthetic question 0?', 'synthetic question 1?', 'synthetic question 2?', 'synthetic question...",
    'traq_release.synthetic_release|variant=123':
        "returned {'queries': ['synthetic question 0?', 'synthetic question 1?', 'synthetic question 2?', 'synthetic question...",
    'traq_release_agreement.lost_chunks|chunk_sums=[]':
        'returned None',
    'traq_release_agreement.lost_chunks|deficit=-1':
        'returned None',
    'traq_release_agreement.lost_chunks|deficit=2.5':
        'returned None',
    'traq_release_agreement.lost_chunks|deficit=True':
        'returned 1',
    'traq_release_agreement.traq_chunk_sums|kernel=-1':
        'returned array([], dtype=float64)',
    'traq_release_agreement.traq_chunk_sums|kernel=True':
        'returned array([4950.])',
    'traq_release_agreement.traq_chunk_sums|values=[..nan]':
        'returned array([ 45., 145., 245., 345., 445., 545., 645., 745., 845., nan])',
    'traq_release_agreement.traq_chunk_sums|values=[]':
        'returned array([0., 0., 0., 0., 0., 0., 0., 0., 0., 0.])',
    'traq_release_agreement.weight_scan|n=True':
        'returned w_ret ... semantic 0 0.268941 ... [6, 5, 5, 5, 6, 2, 5, 7] [1 rows x 7 columns]',
    "traq_release_idk.HashingEncoder.encode|texts='x'":
        'returned array([[0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0.]], dtype=float32)',
    'traq_release_idk.HashingEncoder|n_features=-1':
        'returned <conformal_rag.traq_release_idk.HashingEncoder object at 0x7fa39654ac10>',
    'traq_release_idk.HashingEncoder|n_features=2.5':
        'returned <conformal_rag.traq_release_idk.HashingEncoder object at 0x7fa396579910>',
    'traq_release_idk.HashingEncoder|n_features=True':
        'returned <conformal_rag.traq_release_idk.HashingEncoder object at 0x7fa396565750>',
    'traq_release_idk.synthetic_certain_uncertain|n=-1':
        "returned Path('<tmp>/cu.json')",
    'traq_release_idk.synthetic_certain_uncertain|n=True':
        "returned Path('<tmp>/cu.json')",
    'traq_release_idk.synthetic_certain_uncertain|p_answerable=-0.5':
        "returned Path('<tmp>/cu.json')",
    'traq_release_idk.synthetic_certain_uncertain|p_answerable=1.5':
        "returned Path('<tmp>/cu.json')",
    'traq_release_idk.synthetic_certain_uncertain|p_answerable=inf':
        "returned Path('<tmp>/cu.json')",
    'traq_release_idk.synthetic_certain_uncertain|p_answerable=nan':
        "returned Path('<tmp>/cu.json')",
    'traq_release_idk.synthetic_certain_uncertain|path=missing':
        "returned Path('/nonexistent/trial/x.json')",
    'traq_release_idk.synthetic_certain_uncertain|seed=None':
        "returned Path('<tmp>/cu.json')",
    'traq_release_idk.synthetic_certain_uncertain|seed=True':
        "returned Path('<tmp>/cu.json')",
    'traq_report.mean_std_table|columns=None':
        'returned value model method m Bonf (2) 5.50 ± 0.18 TRAQ (2) 2.06 ± 1.15',
    'traq_report.mean_std_table|index=[]':
        'returned level 0.5 0.7 value 5.50 ± 0.18 5.50 ± 0.18',
    'traq_report.mean_std_table|methods=[..None]':
        'returned level 0.5 0.7 model method m TRAQ (2) 2.06 ± 1.15 5.50 ± 0.18',
    'traq_report.mean_std_table|methods=[]':
        'returned Empty DataFrame Columns: [] Index: []',
    "traq_report.method_plan|bo_splits='x'":
        "returned [(['Vanilla', 'Bonf', 'Bonf-P'], 2), (['TRAQ-grid'], 'x')]",
    'traq_report.method_plan|bo_splits=-1':
        "returned [(['Vanilla', 'Bonf', 'Bonf-P'], 2), (['TRAQ-grid'], -1)]",
    'traq_report.method_plan|bo_splits=2.5':
        "returned [(['Vanilla', 'Bonf', 'Bonf-P'], 2), (['TRAQ-grid'], 2.5)]",
    'traq_report.method_plan|bo_splits=None':
        "returned [(['Vanilla', 'Bonf', 'Bonf-P'], 2), (['TRAQ-grid'], None)]",
    'traq_report.method_plan|bo_splits=True':
        "returned [(['Vanilla', 'Bonf', 'Bonf-P'], 2), (['TRAQ-grid'], True)]",
    "traq_report.method_plan|headline='bogus'":
        "returned [(['Vanilla', 'Bonf', 'Bonf-P'], 2), (['TRAQ-grid'], 1)]",
    'traq_report.method_plan|headline=123':
        "returned [(['Vanilla', 'Bonf', 'Bonf-P'], 2), (['TRAQ-grid'], 1)]",
    'traq_report.method_plan|headline=None':
        "returned [(['Vanilla', 'Bonf', 'Bonf-P'], 2), (['TRAQ-grid'], 1)]",
    "traq_report.method_plan|pop='bogus'":
        "returned [(['Vanilla', 'Bonf', 'Bonf-P'], 2), (['TRAQ-grid'], 1)]",
    'traq_report.method_plan|pop=123':
        "returned [(['Vanilla', 'Bonf', 'Bonf-P'], 2), (['TRAQ-grid'], 1)]",
    'traq_report.method_plan|pop=None':
        "returned [(['Vanilla', 'Bonf', 'Bonf-P'], 2), (['TRAQ-grid'], 1)]",
    "traq_report.method_plan|splits='x'":
        "returned [(['Vanilla', 'Bonf', 'Bonf-P'], 'x'), (['TRAQ-grid'], 1)]",
    'traq_report.method_plan|splits=-1':
        "returned [(['Vanilla', 'Bonf', 'Bonf-P'], -1), (['TRAQ-grid'], 1)]",
    'traq_report.method_plan|splits=2.5':
        "returned [(['Vanilla', 'Bonf', 'Bonf-P'], 2.5), (['TRAQ-grid'], 1)]",
    'traq_report.method_plan|splits=None':
        "returned [(['Vanilla', 'Bonf', 'Bonf-P'], None), (['TRAQ-grid'], 1)]",
    'traq_report.method_plan|splits=True':
        "returned [(['Vanilla', 'Bonf', 'Bonf-P'], True), (['TRAQ-grid'], 1)]",
    'traq_report.set_answers|q=-1':
        "returned ['answer 0', 'answer 1', 'answer 3', 'answer 5', 'answer 4', 'answer 6']",
    'traq_report.set_answers|q=None':
        "returned ['answer 0', 'answer 6', 'answer 5', 'answer 3', 'answer 2', 'answer 1', 'answer 4']",
    'traq_report.set_answers|q=True':
        "returned ['answer 0', 'answer 6', 'answer 5', 'answer 3', 'answer 2', 'answer 1', 'answer 4']",
    'traq_report.size_reduction_by_level|baseline=123':
        'returned Empty DataFrame Columns: [] Index: []',
    'traq_report.size_reduction_by_level|baseline=None':
        'returned Empty DataFrame Columns: [] Index: []',
    "traq_report.size_reduction_by_level|method='bogus'":
        'returned Empty DataFrame Columns: [] Index: []',
    'traq_report.size_reduction_by_level|method=123':
        'returned Empty DataFrame Columns: [] Index: []',
    'traq_report.size_reduction_by_level|method=None':
        'returned Empty DataFrame Columns: [] Index: []',
    "traq_report.traq_search|n_calls='x'":
        "returned {'w_ret': 0.49999999999999994, 'objective': 5.6, 'ws': [0.05, 0.27499999999999997, 0.49999999999999994, 0.7...",
    'traq_report.traq_search|n_calls=-1':
        "returned {'w_ret': 0.49999999999999994, 'objective': 5.6, 'ws': [0.05, 0.27499999999999997, 0.49999999999999994, 0.7...",
    'traq_report.traq_search|n_calls=2.5':
        "returned {'w_ret': 0.49999999999999994, 'objective': 5.6, 'ws': [0.05, 0.27499999999999997, 0.49999999999999994, 0.7...",
    'traq_report.traq_search|n_calls=None':
        "returned {'w_ret': 0.49999999999999994, 'objective': 5.6, 'ws': [0.05, 0.27499999999999997, 0.49999999999999994, 0.7...",
    'traq_report.traq_search|n_calls=True':
        "returned {'w_ret': 0.49999999999999994, 'objective': 5.6, 'ws': [0.05, 0.27499999999999997, 0.49999999999999994, 0.7...",
    "traq_report.traq_search|n_initial_points='x'":
        "returned {'w_ret': 0.49999999999999994, 'objective': 5.6, 'ws': [0.05, 0.27499999999999997, 0.49999999999999994, 0.7...",
    'traq_report.traq_search|n_initial_points=-1':
        "returned {'w_ret': 0.49999999999999994, 'objective': 5.6, 'ws': [0.05, 0.27499999999999997, 0.49999999999999994, 0.7...",
    'traq_report.traq_search|n_initial_points=2.5':
        "returned {'w_ret': 0.49999999999999994, 'objective': 5.6, 'ws': [0.05, 0.27499999999999997, 0.49999999999999994, 0.7...",
    'traq_report.traq_search|n_initial_points=None':
        "returned {'w_ret': 0.49999999999999994, 'objective': 5.6, 'ws': [0.05, 0.27499999999999997, 0.49999999999999994, 0.7...",
    'traq_report.traq_search|n_initial_points=True':
        "returned {'w_ret': 0.49999999999999994, 'objective': 5.6, 'ws': [0.05, 0.27499999999999997, 0.49999999999999994, 0.7...",
    "traq_report.traq_search|search='bogus'":
        "returned {'w_ret': 0.5, 'objective': 5.6, 'n_calls': 15, 'ws': [0.5, 0.5439321535345923, 0.6936704297351776, 0.59248...",
    'traq_report.traq_search|search=123':
        "returned {'w_ret': 0.5, 'objective': 5.6, 'n_calls': 15, 'ws': [0.5, 0.5439321535345923, 0.6936704297351776, 0.59248...",
    'traq_report.traq_search|search=None':
        "returned {'w_ret': 0.5, 'objective': 5.6, 'n_calls': 15, 'ws': [0.5, 0.5439321535345923, 0.6936704297351776, 0.59248...",
    "traq_report.traq_search|seed='x'":
        "returned {'w_ret': 0.49999999999999994, 'objective': 5.6, 'ws': [0.05, 0.27499999999999997, 0.49999999999999994, 0.7...",
    'traq_report.traq_search|seed=-1':
        "returned {'w_ret': 0.49999999999999994, 'objective': 5.6, 'ws': [0.05, 0.27499999999999997, 0.49999999999999994, 0.7...",
    'traq_report.traq_search|seed=2.5':
        "returned {'w_ret': 0.49999999999999994, 'objective': 5.6, 'ws': [0.05, 0.27499999999999997, 0.49999999999999994, 0.7...",
    'traq_report.traq_search|seed=None':
        "returned {'w_ret': 0.49999999999999994, 'objective': 5.6, 'ws': [0.05, 0.27499999999999997, 0.49999999999999994, 0.7...",
    'traq_report.traq_search|seed=True':
        "returned {'w_ret': 0.49999999999999994, 'objective': 5.6, 'ws': [0.05, 0.27499999999999997, 0.49999999999999994, 0.7...",
}
KNOWN_DEEP = {  # a traceback from inside (AttributeError, numpy, pandas), or an error that names neither the argument nor the value
    "cache.Decoding|top_p='x'":
        "TypeError that names neither top_p nor the value: '<' not supported between instances of 'int' and 'str'",
    'cache.Decoding|top_p=None':
        "TypeError that names neither top_p nor the value: '<' not supported between instances of 'int' and 'NoneType'",
    'cache.GenerationCache|path=123':
        'TypeError that names neither path nor the value: expected str, bytes or os.PathLike object, not int',
    "cache.GenerationCache|timeout='x'":
        "TypeError that names neither timeout nor the value: unsupported operand type(s) for +: 'float' and 'str'",
    'cache.GenerationCache|timeout=None':
        "TypeError that names neither timeout nor the value: unsupported operand type(s) for +: 'float' and 'NoneType'",
    'cache.request_dict|decoding=None':
        "AttributeError: 'NoneType' object has no attribute 'temperature'",
    'cache.request_dict|seed=None':
        "TypeError that names neither seed nor the value: int() argument must be a string, a bytes-like object or a real number, not 'NoneType'",
    'cache.wal_damage|wal=123':
        'TypeError that names neither wal nor the value: expected str, bytes or os.PathLike object, not int',
    'cache.wal_damage|wal=None':
        'TypeError that names neither wal nor the value: expected str, bytes or os.PathLike object, not NoneType',
    'claims.diff_interval|a=None':
        "TypeError that names neither a nor the value: 'NoneType' object is not subscriptable",
    "claims.diff_interval|a=[..'x']":
        "TypeError that names neither a nor the value: ufunc 'isfinite' not supported for the input types, and the inputs could not be safely coerced to any suppo...",
    'claims.diff_interval|a=[]':
        'IndexError that names neither a nor the value: list index out of range',
    'claims.diff_interval|b=None':
        "TypeError that names neither b nor the value: 'NoneType' object is not subscriptable",
    "claims.diff_interval|b=[..'x']":
        "TypeError that names neither b nor the value: ufunc 'isfinite' not supported for the input types, and the inputs could not be safely coerced to any suppo...",
    'claims.diff_interval|b=[]':
        'IndexError that names neither b nor the value: list index out of range',
    'claims.direction|d=None':
        'TypeError that names neither d nor the value: cannot unpack non-iterable NoneType object',
    "claims.direction|d=[..'x']":
        "TypeError that names neither d nor the value: ufunc 'isfinite' not supported for the input types, and the inputs could not be safely coerced to any suppo...",
    'claims.direction|d=[]':
        'ValueError that names neither d nor the value: not enough values to unpack (expected 3, got 0)',
    "claims.direction|sign='x'":
        "TypeError that names neither sign nor the value: '>' not supported between instances of 'str' and 'int'",
    'claims.direction|sign=None':
        "TypeError that names neither sign nor the value: '>' not supported between instances of 'NoneType' and 'int'",
    "claims.n_to_resolve|effect='x'":
        "TypeError that names neither effect nor the value: ufunc 'isfinite' not supported for the input types, and the inputs could not be safely coerced to any suppo...",
    'claims.n_to_resolve|effect=None':
        "TypeError that names neither effect nor the value: ufunc 'isfinite' not supported for the input types, and the inputs could not be safely coerced to any suppo...",
    "claims.n_to_resolve|n='x'":
        "TypeError that names neither n nor the value: can't multiply sequence by non-int of type 'numpy.float64'",
    "claims.n_to_resolve|se='x'":
        "TypeError that names neither se nor the value: ufunc 'isfinite' not supported for the input types, and the inputs could not be safely coerced to any suppo...",
    'claims.n_to_resolve|se=None':
        "TypeError that names neither se nor the value: ufunc 'isfinite' not supported for the input types, and the inputs could not be safely coerced to any suppo...",
    'claims.paper_slug|paper=123':
        "AttributeError: 'int' object has no attribute 'lower'",
    'claims.paper_slug|paper=None':
        "AttributeError: 'NoneType' object has no attribute 'lower'",
    'claims.replace_block|block=123':
        'TypeError that names neither block nor the value: can only concatenate str (not "int") to str',
    'claims.replace_block|block=None':
        'TypeError that names neither block nor the value: can only concatenate str (not "NoneType") to str',
    'claims.replace_block|text=123':
        "AttributeError: 'int' object has no attribute 'count'",
    'claims.replace_block|text=None':
        "AttributeError: 'NoneType' object has no attribute 'count'",
    "claims.result|hi='x'":
        "TypeError that names neither hi nor the value: ufunc 'isfinite' not supported for the input types, and the inputs could not be safely coerced to any suppo...",
    'claims.result|hi=None':
        "TypeError that names neither hi nor the value: ufunc 'isfinite' not supported for the input types, and the inputs could not be safely coerced to any suppo...",
    "claims.result|lo='x'":
        "TypeError that names neither lo nor the value: ufunc 'isfinite' not supported for the input types, and the inputs could not be safely coerced to any suppo...",
    'claims.result|lo=None':
        "TypeError that names neither lo nor the value: ufunc 'isfinite' not supported for the input types, and the inputs could not be safely coerced to any suppo...",
    "claims.utilization_slope|level=[..'x']":
        "ValueError that names neither level nor the value: could not convert string to float: 'x'",
    'claims.utilization_slope|level=[]':
        'ValueError that names neither level nor the value: operands could not be broadcast together with shapes (3,) (0,)',
    "claims.utilization_slope|n=[..'x']":
        "ValueError that names neither n nor the value: could not convert string to float: 'x'",
    'claims.utilization_slope|n=[]':
        'ValueError that names neither n nor the value: zero-size array to reduction operation maximum which has no identity',
    "claims.utilization_slope|utilization=[..'x']":
        "ValueError that names neither utilization nor the value: could not convert string to float: 'x'",
    'claims.utilization_slope|utilization=[]':
        'ValueError that names neither utilization nor the value: operands could not be broadcast together with shapes (0,) (3,)',
    'cli.model_strings|models=None':
        "TypeError that names neither models nor the value: 'NoneType' object is not iterable",
    'cli.model_strings|models=[..None]':
        'ValueError that names neither models nor the value: model must be a non-empty string, got None',
    'cli.nonnegative_float|v=None':
        "TypeError that names neither v nor the value: float() argument must be a string or a real number, not 'NoneType'",
    'cli.parse_override|s=123':
        "TypeError that names neither s nor the value: argument of type 'int' is not iterable",
    'cli.parse_override|s=None':
        "TypeError that names neither s nor the value: argument of type 'NoneType' is not iterable",
    'cli.positive_int|v=None':
        "TypeError that names neither v nor the value: int() argument must be a string, a bytes-like object or a real number, not 'NoneType'",
    'cli.readable_folder|v=123':
        'TypeError that names neither v nor the value: expected str, bytes or os.PathLike object, not int',
    'cli.readable_folder|v=None':
        'TypeError that names neither v nor the value: expected str, bytes or os.PathLike object, not NoneType',
    'cli.shown_path|p=123':
        "AttributeError: 'int' object has no attribute 'is_relative_to'",
    'cli.shown_path|p=None':
        "AttributeError: 'NoneType' object has no attribute 'is_relative_to'",
    'cli.shown_path|p=missing':
        "AttributeError: 'str' object has no attribute 'is_relative_to'",
    'cli.writable_file|v=123':
        'TypeError that names neither v nor the value: expected str, bytes or os.PathLike object, not int',
    'cli.writable_file|v=None':
        'TypeError that names neither v nor the value: expected str, bytes or os.PathLike object, not NoneType',
    "collect.cluster_agreement|a='x'":
        "AttributeError: 'str' object has no attribute 'cluster'",
    'collect.cluster_agreement|a=None':
        "AttributeError: 'NoneType' object has no attribute 'cluster'",
    "collect.cluster_agreement|b='x'":
        "AttributeError: 'str' object has no attribute 'cluster'",
    'collect.cluster_agreement|b=None':
        "AttributeError: 'NoneType' object has no attribute 'cluster'",
    'collect.collection_name|n_questions=None':
        "TypeError that names neither n_questions nor the value: int() argument must be a string, a bytes-like object or a real number, not 'NoneType'",
    'collect.gold_passages|qids=None':
        "TypeError that names neither qids nor the value: 'NoneType' object is not iterable",
    'collect.gold_passages|qids=[..None]':
        'ValueError that names neither qids nor the value: no gold passage in the retrieved table for question ids [None]',
    'collect.output_path|out_dir=123':
        'TypeError that names neither out_dir nor the value: expected str, bytes or os.PathLike object, not int',
    'collect.output_path|out_dir=None':
        'TypeError that names neither out_dir nor the value: expected str, bytes or os.PathLike object, not NoneType',
    'collect.output_path|out_dir=missing':
        "NotADirectoryError: out-dir '/nonexistent/trial/x.json' exists and is not a folder",
    "collect.sample_questions|examples='x'":
        "AttributeError: 'str' object has no attribute 'reset_index'",
    'collect.sample_questions|examples=None':
        "TypeError that names neither examples nor the value: object of type 'NoneType' has no len()",
    'collect.sample_questions|seed=-1':
        'ValueError that names neither seed nor the value: expected non-negative integer',
    'collection.Collection.from_arrays|arrays=None':
        "TypeError that names neither arrays nor the value: argument of type 'NoneType' is not iterable",
    'collection.Collection.load|path=123':
        'TypeError that names neither path nor the value: expected str, bytes or os.PathLike object, not int',
    'collection.Collection.load|path=None':
        'TypeError that names neither path nor the value: expected str, bytes or os.PathLike object, not NoneType',
    'collection.Collection.save|path=123':
        'TypeError that names neither path nor the value: expected str, bytes or os.PathLike object, not int',
    'collection.Collection.save|path=None':
        'TypeError that names neither path nor the value: expected str, bytes or os.PathLike object, not NoneType',
    'collection.Collection|meta=None':
        "AttributeError: 'NoneType' object has no attribute 'get'",
    "collection.Collection|qid='x'":
        'TypeError that names neither qid nor the value: len() of unsized object',
    'collection.Collection|qid=None':
        'TypeError that names neither qid nor the value: len() of unsized object',
    "collection.Collection|template='x'":
        'TypeError that names neither template nor the value: len() of unsized object',
    'collection.Collection|template=None':
        'TypeError that names neither template nor the value: len() of unsized object',
    "collection.collection_digest|c='x'":
        "AttributeError: 'str' object has no attribute 'ret_score'",
    'collection.collection_digest|c=None':
        "AttributeError: 'NoneType' object has no attribute 'ret_score'",
    'collection.load_collected|path=123':
        'TypeError that names neither path nor the value: expected str, bytes or os.PathLike object, not int',
    'collection.load_collected|path=None':
        'TypeError that names neither path nor the value: expected str, bytes or os.PathLike object, not NoneType',
    'collection.synthetic_collection|seed=-1':
        'ValueError that names neither seed nor the value: expected non-negative integer',
    'conflare.BagOfWordsEncoder.encode|texts=None':
        "TypeError that names neither texts nor the value: object of type 'NoneType' has no len()",
    'conflare.BagOfWordsEncoder.encode|texts=[..None]':
        'ValueError that names neither texts nor the value: text must be a text (str), got text=None (NoneType)',
    'conflare.ChunkCollection.scores|questions=None':
        "TypeError that names neither questions nor the value: object of type 'NoneType' has no len()",
    'conflare.ChunkCollection.scores|questions=[..None]':
        'ValueError that names neither questions nor the value: text must be a text (str), got text=None (NoneType)',
    'conflare.ConformalRetriever.retrieve|questions=None':
        "TypeError that names neither questions nor the value: 'NoneType' object is not iterable",
    'conflare.ConformalRetriever.retrieve|questions=[..None]':
        'ValueError that names neither questions nor the value: text must be a text (str), got text=None (NoneType)',
    'conflare.ConformalRetriever.retrieve|questions=[]':
        'ValueError that names neither questions nor the value: similarities is empty: at least one value is needed',
    'conflare.calibrate_cutoff|labels=[]':
        'ValueError that names neither labels nor the value: no calibration scores: every question was dropped (see `found` and `unanswered`)',
    'conflare.chunk_documents|folder=123':
        'TypeError that names neither folder nor the value: expected str, bytes or os.PathLike object, not int',
    'conflare.chunk_documents|folder=None':
        'TypeError that names neither folder nor the value: expected str, bytes or os.PathLike object, not NoneType',
    'conflare.chunk_pages|pages=None':
        "TypeError that names neither pages nor the value: 'NoneType' object is not iterable",
    'conflare.conflare_trials|max_passages=-1':
        'ValueError that names neither max_passages nor the value: k must be a positive integer, got k=-1',
    "conflare.conflare_trials|retrieval='x'":
        "AttributeError: 'str' object has no attribute 'k'",
    'conflare.conflare_trials|retrieval=None':
        "AttributeError: 'NoneType' object has no attribute 'k'",
    'conflare.list_documents|folder=123':
        'TypeError that names neither folder nor the value: expected str, bytes or os.PathLike object, not int',
    'conflare.list_documents|folder=None':
        'TypeError that names neither folder nor the value: expected str, bytes or os.PathLike object, not NoneType',
    'conflare.scored_retrieval|passage_ids=[]':
        'ValueError that names neither passage_ids nor the value: topk_idx must hold corpus rows in 0..-1: first topk_idx[0, 0]=0',
    'conflare.scored_retrieval|score=None':
        'TypeError that names neither score nor the value: len() of unsized object',
    "conflare.scored_retrieval|score=[..'x']":
        "ValueError that names neither score nor the value: could not convert string to float: 'x'",
    'conflare.scored_retrieval|score=[..nan]':
        'ValueError that names neither score nor the value: gold_score must lie in [-inf, inf] (no NaN): 1 bad value(s), first gold_score[1]=nan',
    'conflare.scored_retrieval|score=[]':
        'ValueError that names neither score nor the value: 0 scores for 2 questions',
    'conflare.scored_retrieval|similarities=None':
        'TypeError that names neither similarities nor the value: len() of unsized object',
    "conflare.scored_retrieval|similarities=[..'x']":
        "ValueError that names neither similarities nor the value: could not convert string to float: 'x'",
    'conflare.scored_retrieval|similarities=[..nan]':
        'ValueError that names neither similarities nor the value: topk_scores must lie in [-inf, inf] (no NaN): 1 bad value(s), first topk_scores[1, 1]=nan',
    "conflare.summarize_conflare_trials|trials='x'":
        "AttributeError: 'str' object has no attribute 'groupby'",
    'conflare.summarize_conflare_trials|trials=None':
        "AttributeError: 'NoneType' object has no attribute 'groupby'",
    'conflare.summarize_conflare_trials|trials=empty':
        "KeyError that names neither trials nor the value: 'setting'",
    "conflare.transfer_trials|test='x'":
        "AttributeError: 'str' object has no attribute 'gold_score'",
    'conflare.transfer_trials|test=None':
        "AttributeError: 'NoneType' object has no attribute 'gold_score'",
    "conformal.check_array|hi='x'":
        "UFuncTypeError that names neither hi nor the value: ufunc 'less_equal' did not contain a loop with signature matching types (<class 'numpy.dtypes.Float64DType'...",
    'conformal.check_array|hi=None':
        "TypeError that names neither hi nor the value: '<=' not supported between instances of 'float' and 'NoneType'",
    'conformal.check_array|hi=nan':
        'ValueError that names neither hi nor the value: x must be finite (no NaN): 2 bad value(s), first x[0]=1.0',
    "conformal.check_array|lo='x'":
        "UFuncTypeError that names neither lo nor the value: ufunc 'greater_equal' did not contain a loop with signature matching types (<class 'numpy.dtypes.Float64DTy...",
    'conformal.check_array|lo=None':
        "TypeError that names neither lo nor the value: '>=' not supported between instances of 'float' and 'NoneType'",
    'conformal.check_array|lo=inf':
        'ValueError that names neither lo nor the value: x must be finite (no NaN): 2 bad value(s), first x[0]=1.0',
    'conformal.check_array|lo=nan':
        'ValueError that names neither lo nor the value: x must be finite (no NaN): 2 bad value(s), first x[0]=1.0',
    'conformal.check_array|ndim=-1':
        'ValueError that names neither ndim nor the value: x must have -1 axes (-1-D), got shape (2,)',
    'conformal.check_choice|choices=None':
        "TypeError that names neither choices nor the value: argument of type 'NoneType' is not iterable",
    'conformal.check_choice|choices=[]':
        "ValueError that names neither choices nor the value: v must be one of (), got v='a'",
    "conformal.check_count|maximum='x'":
        "TypeError that names neither maximum nor the value: '>' not supported between instances of 'int' and 'str'",
    'conformal.check_count|maximum=-1':
        'ValueError that names neither maximum nor the value: v must be an integer in 1..-1, got v=3',
    'conformal.check_count|maximum=2.5':
        'ValueError that names neither maximum nor the value: v must be an integer in 1..2.5, got v=3',
    'conformal.check_count|maximum=True':
        'ValueError that names neither maximum nor the value: v must be an integer in 1..True, got v=3',
    "conformal.check_count|minimum='x'":
        "TypeError that names neither minimum nor the value: '<' not supported between instances of 'int' and 'str'",
    'conformal.check_count|minimum=None':
        "TypeError that names neither minimum nor the value: '<' not supported between instances of 'int' and 'NoneType'",
    'conformal.check_count|value=-1':
        'ValueError that names neither value nor the value: v must be a positive integer, got v=-1',
    'conformal.validity_table|alphas=None':
        "TypeError that names neither alphas nor the value: object of type 'NoneType' has no len()",
    "conformal.validity_table|alphas=[..'x']":
        "ValueError that names neither alphas nor the value: alpha must be a number in (0, 1), got 'x' (str)",
    'conformal.validity_table|alphas=[..nan]':
        'ValueError that names neither alphas nor the value: alpha must lie in (0, 1), got alpha=nan',
    'conformal.validity_table|methods=None':
        "TypeError that names neither methods nor the value: object of type 'NoneType' has no len()",
    'conformal.validity_table|methods=[..None]':
        "ValueError that names neither methods nor the value: method must be one of ('exact', 'traq', 'conflare'), got method=None",
    'conformal.validity_table|ns=None':
        "TypeError that names neither ns nor the value: object of type 'NoneType' has no len()",
    'data.check_records|fields=None':
        "TypeError that names neither fields nor the value: 'NoneType' object is not iterable",
    'data.check_records|fields=[..None]':
        'TypeError that names neither fields nor the value: sequence item 0: expected str instance, NoneType found',
    "data.gold_by_answer|examples='x'":
        "TypeError that names neither examples nor the value: string indices must be integers, not 'str'",
    'data.gold_by_answer|examples=None':
        "TypeError that names neither examples nor the value: 'NoneType' object is not subscriptable",
    'data.gold_by_answer|examples=empty':
        "KeyError that names neither examples nor the value: 'answers'",
    "data.gold_by_answer|passages='x'":
        "TypeError that names neither passages nor the value: string indices must be integers, not 'str'",
    'data.gold_by_answer|passages=None':
        "TypeError that names neither passages nor the value: 'NoneType' object is not subscriptable",
    'data.gold_by_answer|passages=empty':
        "KeyError that names neither passages nor the value: 'id'",
    'data.read_json_records|path=123':
        'TypeError that names neither path nor the value: expected str, bytes or os.PathLike object, not int',
    'data.read_json_records|path=None':
        'TypeError that names neither path nor the value: expected str, bytes or os.PathLike object, not NoneType',
    'data.read_questions|path=123':
        'TypeError that names neither path nor the value: expected str, bytes or os.PathLike object, not int',
    'data.read_questions|path=None':
        'TypeError that names neither path nor the value: expected str, bytes or os.PathLike object, not NoneType',
    "data.split_examples|examples='x'":
        'TypeError that names neither examples nor the value: Index(...) must be called with a collection of some kind, <built-in method index of str object at 0x7fa3efb...',
    'data.split_examples|examples=None':
        "TypeError that names neither examples nor the value: object of type 'NoneType' has no len()",
    "data.split_examples|seed='x'":
        "ValueError that names neither seed nor the value: fractions must be non-negative and sum to 1, got fractions={'train': 0.1, 'calibration': 0.3, 'optimization...",
    'data.split_examples|seed=-1':
        "ValueError that names neither seed nor the value: fractions must be non-negative and sum to 1, got fractions={'train': 0.1, 'calibration': 0.3, 'optimization...",
    'data.split_examples|seed=2.5':
        "ValueError that names neither seed nor the value: fractions must be non-negative and sum to 1, got fractions={'train': 0.1, 'calibration': 0.3, 'optimization...",
    'data.split_examples|seed=None':
        "ValueError that names neither seed nor the value: fractions must be non-negative and sum to 1, got fractions={'train': 0.1, 'calibration': 0.3, 'optimization...",
    'data.split_examples|seed=True':
        "ValueError that names neither seed nor the value: fractions must be non-negative and sum to 1, got fractions={'train': 0.1, 'calibration': 0.3, 'optimization...",
    'data.wheel_name|name=123':
        "TypeError that names neither name nor the value: expected string or bytes-like object, got 'int'",
    'data.wheel_name|name=None':
        "TypeError that names neither name nor the value: expected string or bytes-like object, got 'NoneType'",
    "data.write_questions|examples='x'":
        "TypeError that names neither examples nor the value: string indices must be integers, not 'list'",
    'data.write_questions|examples=None':
        "TypeError that names neither examples nor the value: 'NoneType' object is not subscriptable",
    'data.write_questions|examples=empty':
        'KeyError that names neither examples nor the value: "None of [Index([\'id\', \'question\', \'answers\', \'gold_ids\', \'template\', \'aliases\',\\n \'answer_type\'],\\n dtype=...',
    'data.write_questions|path=123':
        'TypeError that names neither path nor the value: expected str, bytes or os.PathLike object, not int',
    'data.write_questions|path=None':
        'TypeError that names neither path nor the value: expected str, bytes or os.PathLike object, not NoneType',
    "decisions.collection_decisions|c='x'":
        "AttributeError: 'str' object has no attribute 'subset'",
    'decisions.collection_decisions|c=None':
        "TypeError that names neither c nor the value: object of type 'NoneType' has no len()",
    "decisions.guarantee_trials|table='x'":
        "TypeError that names neither table nor the value: string indices must be integers, not 'str'",
    'decisions.guarantee_trials|table=None':
        "TypeError that names neither table nor the value: 'NoneType' object is not subscriptable",
    'decisions.guarantee_trials|table=empty':
        "KeyError that names neither table nor the value: 'wrong'",
    'decisions.rank_table|coverages=None':
        "TypeError that names neither coverages nor the value: 'NoneType' object is not iterable",
    "decisions.rank_table|coverages=[..'x']":
        "ValueError that names neither coverages nor the value: Unknown format code 'g' for object of type 'str'",
    'decisions.rank_table|coverages=[..nan]':
        'ValueError that names neither coverages nor the value: coverage must be finite in [0, 1] (no NaN): 1 bad value(s), first coverage=nan',
    "decisions.rank_table|table='x'":
        "AttributeError: 'str' object has no attribute 'groupby'",
    'decisions.rank_table|table=None':
        "AttributeError: 'NoneType' object has no attribute 'groupby'",
    'decisions.rank_table|table=empty':
        "KeyError that names neither table nor the value: 'source'",
    'decisions.rule_table|coverages=None':
        "TypeError that names neither coverages nor the value: 'NoneType' object is not iterable",
    "decisions.rule_table|coverages=[..'x']":
        "ValueError that names neither coverages nor the value: Unknown format code 'g' for object of type 'str'",
    'decisions.rule_table|coverages=[..nan]':
        'ValueError that names neither coverages nor the value: coverage must be finite in [0, 1] (no NaN): 1 bad value(s), first coverage=nan',
    "decisions.rule_table|d='x'":
        "TypeError that names neither d nor the value: string indices must be integers, not 'str'",
    'decisions.rule_table|d=None':
        "TypeError that names neither d nor the value: 'NoneType' object is not subscriptable",
    'decisions.rule_table|d=empty':
        "KeyError that names neither d nor the value: 'wrong'",
    "decisions.top_answer|c='x'":
        "AttributeError: 'str' object has no attribute 'cluster'",
    'decisions.top_answer|c=None':
        "AttributeError: 'NoneType' object has no attribute 'cluster'",
    'experiments.demo_block|demos=None':
        "TypeError that names neither demos nor the value: object of type 'NoneType' has no len()",
    'llamacpp_backend.ToyLlama.detokenize|ids=None':
        "TypeError that names neither ids nor the value: 'NoneType' object is not iterable",
    "llamacpp_backend.ToyLlama.detokenize|ids=[..'x']":
        "TypeError that names neither ids nor the value: string indices must be integers, not 'str'",
    'llamacpp_backend.ToyLlama.detokenize|ids=[..nan]':
        "TypeError that names neither ids nor the value: string indices must be integers, not 'float'",
    'llamacpp_backend.ToyLlama.tokenize|text=123':
        "TypeError that names neither text nor the value: 'int' object is not iterable",
    'llamacpp_backend.ToyLlama.tokenize|text=None':
        "TypeError that names neither text nor the value: 'NoneType' object is not iterable",
    'llamacpp_backend.common_prefix|a=None':
        "TypeError that names neither a nor the value: object of type 'NoneType' has no len()",
    'llamacpp_backend.common_prefix|b=None':
        "TypeError that names neither b nor the value: object of type 'NoneType' has no len()",
    'llm.LLM.sample|prompts=None':
        "TypeError that names neither prompts nor the value: 'NoneType' object is not iterable",
    'llm.LLM.sample|prompts=[..None]':
        'ValueError that names neither prompts nor the value: bad prompt None: need non-empty text or a non-empty list of chat messages',
    'llm.LLM.sample|seed=None':
        "TypeError that names neither seed nor the value: int() argument must be a string, a bytes-like object or a real number, not 'NoneType'",
    "llm.LLM.sample|top_p='x'":
        "TypeError that names neither top_p nor the value: '<' not supported between instances of 'int' and 'str'",
    'llm.LLM.sample|top_p=None':
        "TypeError that names neither top_p nor the value: '<' not supported between instances of 'int' and 'NoneType'",
    'llm.cut_at_stop|stop=None':
        "TypeError that names neither stop nor the value: 'NoneType' object is not iterable",
    'llm.cut_at_stop|stop=[..None]':
        'TypeError that names neither stop nor the value: must be str, not NoneType',
    'llm.cut_at_stop|text=123':
        "AttributeError: 'int' object has no attribute 'find'",
    'llm.cut_at_stop|text=None':
        "AttributeError: 'NoneType' object has no attribute 'find'",
    'llm.numerics_spec|model=123':
        "TypeError that names neither model nor the value: argument of type 'int' is not iterable",
    'llm.render_prompt|context=123':
        "AttributeError: 'int' object has no attribute 'strip'",
    'llm.render_prompt|context=None':
        "AttributeError: 'NoneType' object has no attribute 'strip'",
    "llm_score.cluster_logprob|c='x'":
        "AttributeError: 'str' object has no attribute 'logprob'",
    'llm_score.cluster_logprob|c=None':
        "AttributeError: 'NoneType' object has no attribute 'logprob'",
    "llm_score.tie_eps|c='x'":
        "AttributeError: 'str' object has no attribute 'shape'",
    'llm_score.tie_eps|c=None':
        "AttributeError: 'NoneType' object has no attribute 'shape'",
    "llm_score.tie_uniforms|c='x'":
        "AttributeError: 'str' object has no attribute 'shape'",
    'llm_score.tie_uniforms|c=None':
        "AttributeError: 'NoneType' object has no attribute 'shape'",
    'matching.best_rouge|golds=[]':
        'ValueError that names neither golds nor the value: no gold answers given (empty list)',
    "matching.check_cluster_ids|lo='x'":
        "UFuncTypeError that names neither lo nor the value: ufunc 'greater_equal' did not contain a loop with signature matching types (<class 'numpy.dtypes.Int64DType...",
    'matching.check_cluster_ids|lo=None':
        "TypeError that names neither lo nor the value: '>=' not supported between instances of 'int' and 'NoneType'",
    "matching.clustering_from_spec|threshold='x'":
        "TypeError that names neither threshold nor the value: '<=' not supported between instances of 'int' and 'str'",
    'matching.clustering_from_spec|threshold=None':
        "TypeError that names neither threshold nor the value: '<=' not supported between instances of 'int' and 'NoneType'",
    'matching.contains_answer|golds=[]':
        'ValueError that names neither golds nor the value: no gold answers given (empty list)',
    'matching.contains_correct|golds=[]':
        'ValueError that names neither golds nor the value: no gold answers given (empty list)',
    'matching.exact_match|golds=[]':
        'ValueError that names neither golds nor the value: no gold answers given (empty list)',
    'matching.rcrag_correct|golds=[]':
        'ValueError that names neither golds nor the value: no gold answers given (empty list)',
    'matching.token_f1|golds=[]':
        'ValueError that names neither golds nor the value: no gold answers given (empty list)',
    'matching.trac_correct|golds=[]':
        'ValueError that names neither golds nor the value: no gold answers given (empty list)',
    'matching.traq_correct|golds=[]':
        'ValueError that names neither golds nor the value: no gold answers given (empty list)',
    "openai_backend.retry_after|headers='x'":
        "AttributeError: 'str' object has no attribute 'get'",
    "overconfidence.adaptive_augmentation|responses='x'":
        'ValueError that names neither responses nor the value: 2 labels for 1 replies',
    'overconfidence.adaptive_augmentation|responses=None':
        "TypeError that names neither responses nor the value: object of type 'NoneType' has no len()",
    'overconfidence.adaptive_augmentation|responses=[]':
        'ValueError that names neither responses nor the value: 2 labels for 0 replies',
    'overconfidence.certainty_level|punish=[..None]':
        "ValueError that names neither punish nor the value: unknown certainty labels ['None']; expected ('certain', 'uncertain', 'unparsed')",
    'overconfidence.certainty_level|punish=[]':
        'ValueError that names neither punish nor the value: 2 Vanilla labels for 0 Punish labels',
    'overconfidence.certainty_level|vanilla=[..None]':
        "ValueError that names neither vanilla nor the value: unknown certainty labels ['None']; expected ('certain', 'uncertain', 'unparsed')",
    'overconfidence.certainty_level|vanilla=[]':
        'ValueError that names neither vanilla nor the value: 0 Vanilla labels for 2 Punish labels',
    'overconfidence.check_sources|sources=None':
        "TypeError that names neither sources nor the value: 'NoneType' object is not iterable",
    'overconfidence.fake_model_answer|prompt=123':
        "TypeError that names neither prompt nor the value: 'int' object is not iterable",
    'overconfidence.fake_model_answer|prompt=None':
        "TypeError that names neither prompt nor the value: 'NoneType' object is not iterable",
    "overconfidence.finding_direction|conservativeness='x'":
        "TypeError that names neither conservativeness nor the value: ufunc 'isnan' not supported for the input types, and the inputs could not be safely coerced to any supporte...",
    'overconfidence.finding_direction|conservativeness=None':
        "TypeError that names neither conservativeness nor the value: ufunc 'isnan' not supported for the input types, and the inputs could not be safely coerced to any supporte...",
    "overconfidence.finding_direction|overconfidence='x'":
        "TypeError that names neither overconfidence nor the value: ufunc 'isnan' not supported for the input types, and the inputs could not be safely coerced to any supporte...",
    'overconfidence.finding_direction|overconfidence=None':
        "TypeError that names neither overconfidence nor the value: ufunc 'isnan' not supported for the input types, and the inputs could not be safely coerced to any supporte...",
    'overconfidence.judge|golds=None':
        "TypeError that names neither golds nor the value: object of type 'NoneType' has no len()",
    'overconfidence.judge|responses=[]':
        'ValueError that names neither responses nor the value: 0 replies for 1 gold lists',
    'overconfidence.label_disagreement|responses=None':
        "TypeError that names neither responses nor the value: object of type 'NoneType' has no len()",
    'overconfidence.n_disagree|responses=None':
        "TypeError that names neither responses nor the value: object of type 'NoneType' has no len()",
    'overconfidence.ra_prompt|doc=123':
        "ValueError that names neither doc nor the value: empty document for question 'q?'",
    'overconfidence.ra_prompt|doc=None':
        "ValueError that names neither doc nor the value: empty document for question 'q?'",
    'overconfidence.read_jsonl_records|path=123':
        'TypeError that names neither path nor the value: expected str, bytes or os.PathLike object, not int',
    'overconfidence.read_jsonl_records|path=None':
        'TypeError that names neither path nor the value: expected str, bytes or os.PathLike object, not NoneType',
    'overconfidence.sample_agreement|answers=None':
        "TypeError that names neither answers nor the value: object of type 'NoneType' has no len()",
    'overconfidence.sample_agreement|answers=[]':
        'ValueError that names neither answers nor the value: sample_agreement needs at least one answer',
    "population.answerable|c='x'":
        "AttributeError: 'str' object has no attribute 'correct'",
    'population.answerable|c=None':
        "AttributeError: 'NoneType' object has no attribute 'correct'",
    "population.apply_population|c='x'":
        "AttributeError: 'str' object has no attribute 'is_gold'",
    'population.apply_population|c=None':
        "AttributeError: 'NoneType' object has no attribute 'is_gold'",
    "population.ceilings|c='x'":
        "AttributeError: 'str' object has no attribute 'is_gold'",
    'population.ceilings|c=None':
        "AttributeError: 'NoneType' object has no attribute 'is_gold'",
    "population.collection_stats|c='x'":
        "AttributeError: 'str' object has no attribute 'cluster'",
    'population.collection_stats|c=None':
        "AttributeError: 'NoneType' object has no attribute 'cluster'",
    "population.gold_retrieved|c='x'":
        "AttributeError: 'str' object has no attribute 'is_gold'",
    'population.gold_retrieved|c=None':
        "AttributeError: 'NoneType' object has no attribute 'is_gold'",
    "population.llm_gold_slots|c='x'":
        "AttributeError: 'str' object has no attribute 'is_gold'",
    'population.llm_gold_slots|c=None':
        "AttributeError: 'NoneType' object has no attribute 'is_gold'",
    "population.majority_correct|c='x'":
        "AttributeError: 'str' object has no attribute 'is_gold'",
    'population.majority_correct|c=None':
        "AttributeError: 'NoneType' object has no attribute 'is_gold'",
    "population.population_note|c='x'":
        "AttributeError: 'str' object has no attribute 'meta'",
    'population.population_note|c=None':
        "AttributeError: 'NoneType' object has no attribute 'meta'",
    'rcrag.answers_match|reference=None':
        "TypeError that names neither reference nor the value: 'NoneType' object is not iterable",
    'rcrag.answers_match|reference=[..None]':
        'ValueError that names neither reference nor the value: s must be a text (str), got s=None (NoneType)',
    'rcrag.dialogue|turns=None':
        "TypeError that names neither turns nor the value: 'NoneType' object is not iterable",
    'rcrag.dialogue|user=123':
        'TypeError that names neither user nor the value: can only concatenate str (not "int") to str',
    'rcrag.dialogue|user=None':
        'TypeError that names neither user nor the value: can only concatenate str (not "NoneType") to str',
    'rcrag.fake_rcrag_reply|prompt=123':
        "TypeError that names neither prompt nor the value: 'int' object is not iterable",
    'rcrag.fake_rcrag_reply|prompt=None':
        "TypeError that names neither prompt nor the value: 'NoneType' object is not iterable",
    'rcrag.format_passages|passages=None':
        "TypeError that names neither passages nor the value: object of type 'NoneType' has no len()",
    'rcrag.ioe_needs_second_step|rag_answer=123':
        "TypeError that names neither rag_answer nor the value: 'int' object is not iterable",
    'rcrag.ioe_outcome|rag_answer=123':
        "TypeError that names neither rag_answer nor the value: 'int' object is not iterable",
    'rcrag.judge_round|rag=None':
        "AttributeError: 'NoneType' object has no attribute 'answer'",
    'rcrag.judge_round|regen=None':
        "AttributeError: 'NoneType' object has no attribute 'answer'",
    'rcrag.judgment_label|golds=None':
        "TypeError that names neither golds nor the value: 'NoneType' object is not iterable",
    'rcrag.judgment_label|golds=[..None]':
        'ValueError that names neither golds nor the value: s must be a text (str), got s=None (NoneType)',
    'rcrag.side_decision|rounds=None':
        "TypeError that names neither rounds nor the value: 'NoneType' object is not iterable",
    'rcrag.side_decision|rounds=[..None]':
        "ValueError that names neither rounds nor the value: unknown round outcomes [None]; expected one of ('continue', 'discard', 'unparsed')",
    "rcrag_metrics.format_metric|digits='x'":
        'ValueError that names neither digits nor the value: Format specifier missing precision',
    'rcrag_metrics.format_metric|digits=-1':
        'ValueError that names neither digits nor the value: Format specifier missing precision',
    'rcrag_metrics.format_metric|digits=2.5':
        "ValueError that names neither digits nor the value: Invalid format specifier '.2.5f' for object of type 'float'",
    'rcrag_metrics.format_metric|digits=None':
        'ValueError that names neither digits nor the value: Format specifier missing precision',
    'rcrag_metrics.format_metric|digits=True':
        'ValueError that names neither digits nor the value: Format specifier missing precision',
    "rcrag_metrics.parsed_summary|labels='x'":
        'TypeError that names neither labels nor the value: len() of unsized object',
    'rcrag_metrics.parsed_summary|labels=None':
        'TypeError that names neither labels nor the value: len() of unsized object',
    "rcrag_metrics.parsed_summary|outcomes='x'":
        'TypeError that names neither outcomes nor the value: len() of unsized object',
    'rcrag_metrics.parsed_summary|outcomes=None':
        'TypeError that names neither outcomes nor the value: len() of unsized object',
    'reproduce.confined_out_dir|out_root=123':
        'TypeError that names neither out_root nor the value: expected str, bytes or os.PathLike object, not int',
    'reproduce.confined_out_dir|run_id=123':
        'TypeError that names neither run_id nor the value: expected str, bytes or os.PathLike object, not int',
    'reproduce.plain_yaml|text=123':
        "TypeError that names neither text nor the value: object of type 'int' has no len()",
    'reproduce.plain_yaml|text=None':
        "TypeError that names neither text nor the value: object of type 'NoneType' has no len()",
    'reproduce.vacuous_warnings|warns=None':
        "TypeError that names neither warns nor the value: 'NoneType' object is not iterable",
    'reproduce.vacuous_warnings|warns=[..None]':
        "TypeError that names neither warns nor the value: expected string or bytes-like object, got 'NoneType'",
    'retrieval.BM25.query_ids|questions=None':
        "TypeError that names neither questions nor the value: 'NoneType' object is not iterable",
    'retrieval.BM25.query_ids|questions=[..None]':
        'ValueError that names neither questions nor the value: a question must be text or token ids in 0..6 (from `query_ids`), got None',
    'retrieval.BM25.scores|questions=None':
        "TypeError that names neither questions nor the value: object of type 'NoneType' has no len()",
    'retrieval.BM25.scores|questions=[..None]':
        'ValueError that names neither questions nor the value: a question must be text or token ids in 0..6 (from `query_ids`), got None',
    'retrieval.BM25.search|questions=None':
        "TypeError that names neither questions nor the value: 'NoneType' object is not iterable",
    'retrieval.BM25.search|questions=[..None]':
        'ValueError that names neither questions nor the value: a question must be text or token ids in 0..6 (from `query_ids`), got None',
    'retrieval.BM25Reference.scores|questions=None':
        "TypeError that names neither questions nor the value: object of type 'NoneType' has no len()",
    'retrieval.BM25Reference.scores|questions=[..None]':
        'ValueError that names neither questions nor the value: text must be a text (str), got text=None (NoneType)',
    "retrieval.DenseIndex.recall|Q=[..'x']":
        "ValueError that names neither Q nor the value: could not convert string to float: 'x'",
    'retrieval.DenseIndex.scores|Q=None':
        'ValueError that names neither Q nor the value: matmul: Input operand 0 does not have enough dimensions (has 0, gufunc core with signature (n?,k),(k,m?)->(...',
    "retrieval.DenseIndex.scores|Q=[..'x']":
        "ValueError that names neither Q nor the value: could not convert string to float: 'x'",
    "retrieval.DenseIndex.search|Q=[..'x']":
        "ValueError that names neither Q nor the value: could not convert string to float: 'x'",
    "retrieval.DenseIndex|P=[..'x']":
        "ValueError that names neither P nor the value: could not convert string to float: 'x'",
    'retrieval.Retrieval.subset|rows=None':
        'ValueError that names neither rows nor the value: topk_idx must have shape (n, K), got shape (1, 12, 3)',
    "retrieval.Retrieval.subset|rows=[..'x']":
        'IndexError that names neither rows nor the value: only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean arrays are val...',
    'retrieval.Retrieval.subset|rows=[..nan]':
        'IndexError that names neither rows nor the value: only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean arrays are val...',
    "retrieval.Retrieval.topk_ids|i='x'":
        'IndexError that names neither i nor the value: only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean arrays are val...',
    'retrieval.Retrieval.topk_ids|i=2.5':
        'IndexError that names neither i nor the value: only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean arrays are val...',
    'retrieval.Retrieval|passage_ids=[]':
        'ValueError that names neither passage_ids nor the value: topk_idx must hold corpus rows in 0..-1: first topk_idx[0, 0]=2',
    "retrieval.calibrate_retrieval|cal='x'":
        "AttributeError: 'str' object has no attribute 'gold_score'",
    'retrieval.calibrate_retrieval|cal=None':
        "AttributeError: 'NoneType' object has no attribute 'gold_score'",
    "retrieval.check_gold_rows|N='x'":
        "TypeError that names neither N nor the value: '<' not supported between instances of 'int' and 'str'",
    'retrieval.check_gold_rows|N=-1':
        'ValueError that names neither N nor the value: gold_rows[0] must hold corpus row numbers in 0..-2 (not passage ids: map ids with QADataset.gold_rows() or ...',
    'retrieval.check_gold_rows|N=None':
        "TypeError that names neither N nor the value: '<' not supported between instances of 'int' and 'NoneType'",
    'retrieval.check_gold_rows|N=True':
        'ValueError that names neither N nor the value: gold_rows[0] must hold corpus row numbers in 0..0 (not passage ids: map ids with QADataset.gold_rows() or p...',
    "retrieval.check_gold_rows|rows=[..'x']":
        'ValueError that names neither rows nor the value: gold_rows[0] must hold corpus row numbers in 0..4 (not passage ids: map ids with QADataset.gold_rows() or p...',
    'retrieval.check_gold_rows|rows=[..nan]':
        'ValueError that names neither rows nor the value: gold_rows[0] must hold corpus row numbers in 0..4 (not passage ids: map ids with QADataset.gold_rows() or p...',
    "retrieval.check_k|n_passages='x'":
        "TypeError that names neither n_passages nor the value: '<=' not supported between instances of 'int' and 'str'",
    'retrieval.check_k|n_passages=-1':
        'ValueError that names neither n_passages nor the value: k=2 is larger than the corpus (-1 passages)',
    'retrieval.check_k|n_passages=None':
        "TypeError that names neither n_passages nor the value: '<=' not supported between instances of 'int' and 'NoneType'",
    "retrieval.check_retrieval|r='x'":
        "AttributeError: 'str' object has no attribute 'passage_ids'",
    'retrieval.check_retrieval|r=None':
        "AttributeError: 'NoneType' object has no attribute 'passage_ids'",
    'retrieval.corpus_hash|texts=None':
        "TypeError that names neither texts nor the value: 'NoneType' object is not iterable",
    'retrieval.corpus_hash|texts=[..None]':
        "AttributeError: 'NoneType' object has no attribute 'encode'",
    'retrieval.full_set_sizes|questions=None':
        "TypeError that names neither questions nor the value: 'NoneType' object is not iterable",
    'retrieval.full_set_sizes|questions=[..None]':
        'ValueError that names neither questions nor the value: a question must be text or token ids in 0..6 (from `query_ids`), got None',
    'retrieval.full_set_sizes|retriever=None':
        "AttributeError: 'NoneType' object has no attribute 'scores'",
    "retrieval.retrieval_coverage_trials|alphas=[..'x']":
        "ValueError that names neither alphas nor the value: alpha must be a number in (0, 1), got np.str_('x') (str_)",
    'retrieval.retrieval_coverage_trials|alphas=[..nan]':
        'ValueError that names neither alphas nor the value: alpha must lie in (0, 1), got alpha=nan',
    "retrieval.retrieval_coverage_trials|cal_frac='x'":
        "TypeError that names neither cal_frac nor the value: unsupported operand type(s) for -: 'int' and 'str'",
    'retrieval.retrieval_coverage_trials|cal_frac=None':
        "TypeError that names neither cal_frac nor the value: unsupported operand type(s) for -: 'int' and 'NoneType'",
    "retrieval.retrieval_coverage_trials|retrieval='x'":
        "AttributeError: 'str' object has no attribute 'topk_idx'",
    'retrieval.retrieval_coverage_trials|retrieval=None':
        "AttributeError: 'NoneType' object has no attribute 'topk_idx'",
    "retrieval.retrieval_covered|retrieval='x'":
        "AttributeError: 'str' object has no attribute 'gold_score'",
    'retrieval.retrieval_covered|retrieval=None':
        "AttributeError: 'NoneType' object has no attribute 'gold_score'",
    "retrieval.retrieval_nonconformity|retrieval='x'":
        "AttributeError: 'str' object has no attribute 'gold_score'",
    'retrieval.retrieval_nonconformity|retrieval=None':
        "AttributeError: 'NoneType' object has no attribute 'gold_score'",
    "retrieval.retrieval_set_rows|retrieval='x'":
        "AttributeError: 'str' object has no attribute 'topk_scores'",
    'retrieval.retrieval_set_rows|retrieval=None':
        "AttributeError: 'NoneType' object has no attribute 'topk_scores'",
    'retrieval.retrieve|retriever=None':
        "AttributeError: 'NoneType' object has no attribute 'passage_ids'",
    "retrieval.set_size|retrieval='x'":
        "AttributeError: 'str' object has no attribute 'topk_scores'",
    'retrieval.set_size|retrieval=None':
        "AttributeError: 'NoneType' object has no attribute 'topk_scores'",
    "risk_control.group_taus|groups='x'":
        'TypeError that names neither groups nor the value: len() of unsized object',
    'risk_control.group_taus|groups=None':
        'TypeError that names neither groups nor the value: len() of unsized object',
    "risk_control.kept_wrong_losses|wrong=[..'no']":
        "TypeError that names neither wrong nor the value: '<' not supported between instances of 'str' and 'int'",
    'risk_control.ltt_select|order=None':
        "TypeError that names neither order nor the value: int() argument must be a string, a bytes-like object or a real number, not 'NoneType'",
    "risk_control.mondrian_in_set|groups='x'":
        'TypeError that names neither groups nor the value: len() of unsized object',
    'risk_control.mondrian_in_set|groups=None':
        'TypeError that names neither groups nor the value: len() of unsized object',
    "risk_control.risk_control_trials|cal_frac='x'":
        "TypeError that names neither cal_frac nor the value: '<' not supported between instances of 'int' and 'str'",
    'risk_control.risk_control_trials|cal_frac=None':
        "TypeError that names neither cal_frac nor the value: '<' not supported between instances of 'int' and 'NoneType'",
    'risk_control.risk_control_trials|ltt_orders=None':
        "TypeError that names neither ltt_orders nor the value: 'NoneType' object is not iterable",
    "risk_control.risk_control_trials|wrong=[..'no']":
        "TypeError that names neither wrong nor the value: '<' not supported between instances of 'str' and 'int'",
    "risk_control.selective_losses|wrong=[..'no']":
        "TypeError that names neither wrong nor the value: '<' not supported between instances of 'str' and 'int'",
    'risk_control.summarize_trials|by=[..None]':
        'ValueError that names neither by nor the value: trials must be a `risk_control_trials` frame: missing columns [None]',
    "risk_control.traq_family_coverage|c='x'":
        'ValueError that names neither c nor the value: family has shape (20,), expected (1,) (one per question)',
    'risk_control.traq_family_coverage|c=None':
        "TypeError that names neither c nor the value: object of type 'NoneType' has no len()",
    "risk_control.traq_family_coverage|family=[..'x']":
        "ValueError that names neither family nor the value: test groups ['x'] have no calibration threshold (calibrated groups: [1, 0])",
    'risk_control.traq_family_coverage|family=[..nan]':
        'ValueError that names neither family nor the value: scores is empty: at least one calibration score is needed',
    'stats.check_fractions|fractions=None':
        "TypeError that names neither fractions nor the value: 'NoneType' object is not iterable",
    "stats.check_fractions|fractions=[..'x']":
        "ValueError that names neither fractions nor the value: could not convert string to float: 'x'",
    'stats.coverage_band|n_cal=-1':
        'ValueError that names neither n_cal nor the value: n must be a positive integer, got n=-1',
    'stats.coverage_band|n_cal=None':
        "TypeError that names neither n_cal nor the value: int() argument must be a string, a bytes-like object or a real number, not 'NoneType'",
    'stats.coverage_band|n_splits=-1':
        'ValueError that names neither n_splits nor the value: negative dimensions are not allowed',
    'stats.coverage_band|n_test=None':
        "TypeError that names neither n_test nor the value: int() argument must be a string, a bytes-like object or a real number, not 'NoneType'",
    'stats.coverage_summary|by=None':
        "TypeError that names neither by nor the value: 'NoneType' object is not iterable",
    'stats.coverage_summary|by=[..None]':
        "TypeError that names neither by nor the value: 'NoneType' object is not callable",
    'stats.coverage_summary|by=[]':
        'ValueError that names neither by nor the value: No group keys passed!',
    "stats.coverage_summary|df='x'":
        "AttributeError: 'str' object has no attribute 'groupby'",
    'stats.coverage_summary|df=None':
        "AttributeError: 'NoneType' object has no attribute 'groupby'",
    'stats.coverage_summary|df=empty':
        "KeyError that names neither df nor the value: 'method'",
    'stats.coverage_summary|whole=123':
        "TypeError that names neither whole nor the value: 'int' object is not iterable",
    "stats.gp_minimize_1d|n_calls='x'":
        "TypeError that names neither n_calls nor the value: '<' not supported between instances of 'str' and 'int'",
    'stats.gp_minimize_1d|n_calls=None':
        "TypeError that names neither n_calls nor the value: '<' not supported between instances of 'NoneType' and 'int'",
    "stats.gp_minimize_1d|n_initial_points='x'":
        "TypeError that names neither n_initial_points nor the value: '<=' not supported between instances of 'str' and 'int'",
    'stats.gp_minimize_1d|n_initial_points=None':
        "TypeError that names neither n_initial_points nor the value: '<=' not supported between instances of 'NoneType' and 'int'",
    "stats.gp_minimize_1d|n_points='x'":
        "TypeError that names neither n_points nor the value: 'numpy.str_' object cannot be interpreted as an integer",
    'stats.gp_minimize_1d|n_points=-1':
        'ValueError that names neither n_points nor the value: negative dimensions are not allowed',
    'stats.gp_minimize_1d|n_points=2.5':
        "TypeError that names neither n_points nor the value: 'numpy.float64' object cannot be interpreted as an integer",
    'stats.gp_minimize_1d|n_points=None':
        "TypeError that names neither n_points nor the value: object of type 'float' has no len()",
    'stats.gp_minimize_1d|n_points=True':
        'TypeError that names neither n_points nor the value: an integer is required',
    "stats.gp_minimize_1d|seed='x'":
        "TypeError that names neither seed nor the value: Cannot cast scalar from dtype('<U1') to dtype('int64') according to the rule 'safe'",
    'stats.gp_minimize_1d|seed=-1':
        'ValueError that names neither seed nor the value: Seed must be between 0 and 2**32 - 1',
    'stats.gp_minimize_1d|seed=2.5':
        "TypeError that names neither seed nor the value: Cannot cast scalar from dtype('float64') to dtype('int64') according to the rule 'safe'",
    'stats.gp_minimize_1d|w_bounds=None':
        "TypeError that names neither w_bounds nor the value: 'NoneType' object is not iterable",
    "stats.gp_minimize_1d|w_bounds=[..'x']":
        "ValueError that names neither w_bounds nor the value: could not convert string to float: 'x'",
    'stats.gp_minimize_1d|w_bounds=[..nan]':
        'ValueError that names neither w_bounds nor the value: Not all points are within the bounds of the space.',
    'stats.gp_minimize_1d|w_bounds=[]':
        'ValueError that names neither w_bounds nor the value: Invalid dimension (). See the documentation of check_dimension for supported values.',
    'stats.grid_minimize_1d|w_bounds=None':
        "TypeError that names neither w_bounds nor the value: 'NoneType' object is not iterable",
    "stats.grid_minimize_1d|w_bounds=[..'x']":
        "ValueError that names neither w_bounds nor the value: could not convert string to float: 'x'",
    'stats.grid_minimize_1d|w_bounds=[]':
        'ValueError that names neither w_bounds nor the value: not enough values to unpack (expected 2, got 0)',
    'stats.map_jobs|items=None':
        "TypeError that names neither items nor the value: 'NoneType' object is not iterable",
    "stats.map_jobs|items=[..'x']":
        "TypeError that names neither items nor the value: bad operand type for abs(): 'str'",
    "stats.quantile_agg|q='x'":
        "TypeError that names neither q nor the value: type str doesn't define __round__ method",
    'stats.quantile_agg|q=None':
        "TypeError that names neither q nor the value: unsupported operand type(s) for *: 'NoneType' and 'int'",
    'stats.quantile_agg|q=inf':
        'OverflowError: cannot convert float infinity to integer',
    'stats.quantile_agg|q=nan':
        'ValueError that names neither q nor the value: cannot convert float NaN to integer',
    "stats.split_coverage_pmf|level='x'":
        "TypeError that names neither level nor the value: unsupported operand type(s) for -: 'int' and 'str'",
    'stats.split_coverage_pmf|level=None':
        "TypeError that names neither level nor the value: unsupported operand type(s) for -: 'int' and 'NoneType'",
    'stats.split_coverage_pmf|n_cal=-1':
        'ValueError that names neither n_cal nor the value: n must be a positive integer, got n=-1',
    'stats.split_coverage_pmf|n_cal=None':
        "TypeError that names neither n_cal nor the value: int() argument must be a string, a bytes-like object or a real number, not 'NoneType'",
    'stats.split_coverage_pmf|n_test=None':
        "TypeError that names neither n_test nor the value: int() argument must be a string, a bytes-like object or a real number, not 'NoneType'",
    'stats.split_trials|fractions=None':
        "TypeError that names neither fractions nor the value: 'NoneType' object is not iterable",
    "stats.split_trials|fractions=[..'x']":
        "ValueError that names neither fractions nor the value: could not convert string to float: 'x'",
    'stats.split_trials|seeds=123':
        "TypeError that names neither seeds nor the value: 'int' object is not iterable",
    'stats.split_trials|seeds=None':
        "TypeError that names neither seeds nor the value: 'NoneType' object is not iterable",
    "stats.split_trials|strata='x'":
        'TypeError that names neither strata nor the value: len() of unsized object',
    'stats.split_trials|strata=None':
        'TypeError that names neither strata nor the value: len() of unsized object',
    'stats.stratified_split|fractions=None':
        "TypeError that names neither fractions nor the value: 'NoneType' object is not iterable",
    "stats.stratified_split|fractions=[..'x']":
        "ValueError that names neither fractions nor the value: could not convert string to float: 'x'",
    "stats.stratified_split|strata='x'":
        'TypeError that names neither strata nor the value: len() of unsized object',
    'stats.stratified_split|strata=None':
        'TypeError that names neither strata nor the value: len() of unsized object',
    "trac.at_alpha|grid='x'":
        "AttributeError: 'str' object has no attribute 'alpha'",
    'trac.at_alpha|grid=None':
        "AttributeError: 'NoneType' object has no attribute 'alpha'",
    'trac.at_alpha|grid=empty':
        "AttributeError: 'DataFrame' object has no attribute 'alpha'",
    "trac.component_pvalues|cal='x'":
        "AttributeError: 'str' object has no attribute 'is_gold'",
    'trac.component_pvalues|cal=None':
        "TypeError that names neither cal nor the value: object of type 'NoneType' has no len()",
    "trac.component_pvalues|test='x'":
        "AttributeError: 'str' object has no attribute 'ret_score'",
    'trac.component_pvalues|test=None':
        "AttributeError: 'NoneType' object has no attribute 'ret_score'",
    "trac.example_sets|c='x'":
        "AttributeError: 'str' object has no attribute 'answers'",
    'trac.example_sets|c=None':
        "AttributeError: 'NoneType' object has no attribute 'answers'",
    'trac.example_sets|fractions=None':
        "TypeError that names neither fractions nor the value: 'NoneType' object is not iterable",
    "trac.example_sets|fractions=[..'x']":
        "ValueError that names neither fractions nor the value: could not convert string to float: 'x'",
    'trac.example_sets|methods=None':
        "TypeError that names neither methods nor the value: 'NoneType' object is not iterable",
    'trac.example_sets|methods=[..None]':
        "ValueError that names neither methods nor the value: unknown method(s) [None]; known: ['Bonf', 'HMP', 'CCPS-B', 'CCPS-H']",
    'trac.global_accept|p_llm=None':
        'ValueError that names neither p_llm nor the value: p-values must lie in (0, 1]: 2 bad value(s), first pvalues[0, 0, 1]=nan',
    "trac.global_accept|p_llm=[..'x']":
        "ValueError that names neither p_llm nor the value: pvalues must be numeric, got array([[[0.1, 0.2], [0.5, 'x']]], dtype=object)",
    'trac.global_accept|p_llm=[..nan]':
        'ValueError that names neither p_llm nor the value: p-values must lie in (0, 1]: 1 bad value(s), first pvalues[0, 1, 1]=nan',
    'trac.global_accept|p_ret=None':
        'ValueError that names neither p_ret nor the value: p-values must lie in (0, 1]: 2 bad value(s), first pvalues[0, 0, 0]=nan',
    "trac.global_accept|p_ret=[..'x']":
        "ValueError that names neither p_ret nor the value: pvalues must be numeric, got array([[[0.1, 0.2], ['x', 0.9]]], dtype=object)",
    'trac.global_accept|p_ret=[..nan]':
        'ValueError that names neither p_ret nor the value: p-values must lie in (0, 1]: 1 bad value(s), first pvalues[0, 1, 0]=nan',
    "trac.global_test_sets|cal='x'":
        "AttributeError: 'str' object has no attribute 'is_gold'",
    'trac.global_test_sets|cal=None':
        "TypeError that names neither cal nor the value: object of type 'NoneType' has no len()",
    "trac.global_test_sets|test='x'":
        "AttributeError: 'str' object has no attribute 'ret_score'",
    'trac.global_test_sets|test=None':
        "AttributeError: 'NoneType' object has no attribute 'ret_score'",
    'trac.trac_table|by=None':
        "TypeError that names neither by nor the value: 'NoneType' object is not iterable",
    'trac.trac_table|by=[..None]':
        "TypeError that names neither by nor the value: 'NoneType' object is not callable",
    'trac.trac_table|by=[]':
        'ValueError that names neither by nor the value: No group keys passed!',
    "trac.trac_table|grid='x'":
        "AttributeError: 'str' object has no attribute 'groupby'",
    'trac.trac_table|grid=None':
        "AttributeError: 'NoneType' object has no attribute 'groupby'",
    'trac.trac_table|grid=empty':
        "KeyError that names neither grid nor the value: 'method'",
    "trac.weight_search|opt='x'":
        "AttributeError: 'str' object has no attribute 'is_gold'",
    'trac.weight_search|opt=None':
        "TypeError that names neither opt nor the value: object of type 'NoneType' has no len()",
    'trac.whole_set_note|by=None':
        "TypeError that names neither by nor the value: 'NoneType' object is not iterable",
    'trac.whole_set_note|by=[..None]':
        "TypeError that names neither by nor the value: 'NoneType' object is not callable",
    'trac.whole_set_note|by=[]':
        'ValueError that names neither by nor the value: No group keys passed!',
    "trac.whole_set_note|grid='x'":
        "AttributeError: 'str' object has no attribute 'groupby'",
    'trac.whole_set_note|grid=None':
        "AttributeError: 'NoneType' object has no attribute 'groupby'",
    'trac.whole_set_note|grid=empty':
        "KeyError that names neither grid nor the value: 'population'",
    "trac.whole_set_note|min_share='x'":
        'TypeError that names neither min_share nor the value: Invalid comparison between dtype=float64 and str',
    'traq.TraqRecluster.subset|idx=None':
        'TypeError that names neither idx nor the value: only integer scalar arrays can be converted to a scalar index',
    "traq.TraqRecluster.subset|idx=[..'x']":
        'IndexError that names neither idx nor the value: only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean arrays are val...',
    'traq.TraqRecluster.subset|idx=[..nan]':
        'IndexError that names neither idx nor the value: only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean arrays are val...',
    "traq.aggregated_set|c='x'":
        "AttributeError: 'str' object has no attribute 'in_topk'",
    'traq.aggregated_set|c=None':
        "AttributeError: 'NoneType' object has no attribute 'in_topk'",
    "traq.calibrate|cal='x'":
        "AttributeError: 'str' object has no attribute 'cluster'",
    'traq.calibrate|cal=None':
        "TypeError that names neither cal nor the value: object of type 'NoneType' has no len()",
    "traq.check_split|tol='x'":
        "TypeError that names neither tol nor the value: '>' not supported between instances of 'float' and 'str'",
    'traq.check_split|tol=None':
        "TypeError that names neither tol nor the value: '>' not supported between instances of 'float' and 'NoneType'",
    "traq.covered|c='x'":
        "AttributeError: 'str' object has no attribute 'correct'",
    'traq.covered|c=None':
        "AttributeError: 'NoneType' object has no attribute 'correct'",
    'traq.covered|mask=None':
        "TypeError that names neither mask nor the value: unsupported operand type(s) for &: 'NoneType' and 'bool'",
    "traq.covered|mask=[..'x']":
        "TypeError that names neither mask nor the value: unsupported operand type(s) for &: 'str' and 'bool'",
    'traq.covered|mask=[..nan]':
        "TypeError that names neither mask nor the value: ufunc 'bitwise_and' not supported for the input types, and the inputs could not be safely coerced to any su...",
    "traq.evaluate|test='x'":
        "AttributeError: 'str' object has no attribute 'in_topk'",
    'traq.evaluate|test=None':
        "TypeError that names neither test nor the value: object of type 'NoneType' has no len()",
    'traq.evaluate|th=None':
        "AttributeError: 'NoneType' object has no attribute 'tau_ret'",
    "traq.holds_gold|c='x'":
        "AttributeError: 'str' object has no attribute 'is_gold'",
    'traq.holds_gold|c=None':
        "AttributeError: 'NoneType' object has no attribute 'is_gold'",
    'traq.holds_gold|passages=None':
        "TypeError that names neither passages nor the value: unsupported operand type(s) for &: 'NoneType' and 'bool'",
    "traq.holds_gold|passages=[..'x']":
        "TypeError that names neither passages nor the value: unsupported operand type(s) for &: 'str' and 'bool'",
    'traq.holds_gold|passages=[..nan]':
        "TypeError that names neither passages nor the value: ufunc 'bitwise_and' not supported for the input types, and the inputs could not be safely coerced to any su...",
    "traq.llm_covered|test='x'":
        "AttributeError: 'str' object has no attribute 'correct'",
    'traq.llm_covered|test=None':
        "AttributeError: 'NoneType' object has no attribute 'correct'",
    "traq.llm_set|c='x'":
        "AttributeError: 'str' object has no attribute 'cluster'",
    'traq.llm_set|c=None':
        "AttributeError: 'NoneType' object has no attribute 'cluster'",
    "traq.optimize_split|opt='x'":
        "AttributeError: 'str' object has no attribute 'ret_score'",
    'traq.optimize_split|opt=None':
        "TypeError that names neither opt nor the value: object of type 'NoneType' has no len()",
    'traq.optimize_split|w_bounds=None':
        "TypeError that names neither w_bounds nor the value: 'NoneType' object is not iterable",
    "traq.optimize_split|w_bounds=[..'x']":
        "ValueError that names neither w_bounds nor the value: could not convert string to float: 'x'",
    'traq.optimize_split|w_bounds=[]':
        'ValueError that names neither w_bounds nor the value: not enough values to unpack (expected 2, got 0)',
    "traq.ret_nonconformity|c='x'":
        "AttributeError: 'str' object has no attribute 'is_gold'",
    'traq.ret_nonconformity|c=None':
        "AttributeError: 'NoneType' object has no attribute 'is_gold'",
    "traq.ret_placeholder|c='x'":
        "AttributeError: 'str' object has no attribute 'in_topk'",
    'traq.ret_placeholder|c=None':
        "AttributeError: 'NoneType' object has no attribute 'in_topk'",
    "traq.retrieval_set|c='x'":
        "AttributeError: 'str' object has no attribute 'in_topk'",
    'traq.retrieval_set|c=None':
        "AttributeError: 'NoneType' object has no attribute 'in_topk'",
    'traq.semantic_size_traq|mask=None':
        "AttributeError: 'NoneType' object has no attribute 'shape'",
    "traq.semantic_size_traq|mask=[..'x']":
        'IndexError that names neither mask nor the value: arrays used as indices must be of integer (or boolean) type',
    'traq.semantic_size_traq|mask=[..nan]':
        "TypeError that names neither mask nor the value: ufunc 'bitwise_and' not supported for the input types, and the inputs could not be safely coerced to any su...",
    'traq.semantic_size_traq|rc=None':
        "AttributeError: 'NoneType' object has no attribute 'answer_id'",
    "traq.set_sizes|c='x'":
        "AttributeError: 'str' object has no attribute 'cluster'",
    'traq.set_sizes|c=None':
        "AttributeError: 'NoneType' object has no attribute 'cluster'",
    'traq.set_sizes|mask=None':
        "AttributeError: 'NoneType' object has no attribute 'reshape'",
    "traq.set_sizes|mask=[..'x']":
        "TypeError that names neither mask nor the value: unsupported operand type(s) for &: 'str' and 'bool'",
    'traq.set_sizes|mask=[..nan]':
        "TypeError that names neither mask nor the value: ufunc 'bitwise_and' not supported for the input types, and the inputs could not be safely coerced to any su...",
    'traq.split_indices|c=2.5':
        "TypeError that names neither c nor the value: object of type 'float' has no len()",
    'traq.split_indices|c=None':
        "TypeError that names neither c nor the value: object of type 'NoneType' has no len()",
    'traq.split_indices|fractions=None':
        "TypeError that names neither fractions nor the value: 'NoneType' object is not iterable",
    "traq.split_indices|fractions=[..'x']":
        "ValueError that names neither fractions nor the value: could not convert string to float: 'x'",
    "traq.traq_recluster|c='x'":
        "AttributeError: 'str' object has no attribute 'answers'",
    'traq.traq_recluster|c=None':
        "AttributeError: 'NoneType' object has no attribute 'answers'",
    "traq.traq_softmax|w=[..'x']":
        "ValueError that names neither w nor the value: could not convert string to float: 'x'",
    "traq.vanilla|test='x'":
        "AttributeError: 'str' object has no attribute 'in_topk'",
    'traq.vanilla|test=None':
        "TypeError that names neither test nor the value: object of type 'NoneType' has no len()",
    "traq.with_ret_score|c='x'":
        "AttributeError: 'str' object has no attribute 'ret_score'",
    'traq.with_ret_score|c=None':
        "AttributeError: 'NoneType' object has no attribute 'ret_score'",
    "traq.with_ret_score|score=[..'x']":
        "ValueError that names neither score nor the value: could not convert string to float: 'x'",
    'traq_grid.check_options|options=None':
        "TypeError that names neither options nor the value: 'NoneType' object is not iterable",
    "traq_grid.check_splits|n='x'":
        "UFuncTypeError that names neither n nor the value: ufunc 'greater_equal' did not contain a loop with signature matching types (<class 'numpy.dtypes.Int64DType...",
    'traq_grid.check_splits|n=-1':
        'ValueError that names neither n nor the value: splits[0] cal: index 2 out of range for -1 questions',
    'traq_grid.check_splits|n=None':
        "TypeError that names neither n nor the value: '>=' not supported between instances of 'int' and 'NoneType'",
    'traq_grid.grid_splits|c=None':
        "TypeError that names neither c nor the value: object of type 'NoneType' has no len()",
    'traq_grid.grid_splits|fractions=None':
        "TypeError that names neither fractions nor the value: 'NoneType' object is not iterable",
    "traq_grid.grid_splits|fractions=[..'x']":
        "ValueError that names neither fractions nor the value: could not convert string to float: 'x'",
    'traq_grid.grid_splits|seeds=None':
        "TypeError that names neither seeds nor the value: 'NoneType' object is not iterable",
    "traq_grid.grid_splits|seeds=[..'x']":
        "ValueError that names neither seeds nor the value: seed must be an integer >= 0, got seed='x'",
    'traq_grid.grid_splits|seeds=[..nan]':
        'ValueError that names neither seeds nor the value: seed must be an integer >= 0, got seed=0.0',
    "traq_grid.individual_coverage|c='x'":
        "AttributeError: 'str' object has no attribute 'meta'",
    'traq_grid.individual_coverage|c=None':
        "AttributeError: 'NoneType' object has no attribute 'meta'",
    'traq_grid.individual_coverage|fractions=None':
        "TypeError that names neither fractions nor the value: 'NoneType' object is not iterable",
    "traq_grid.individual_coverage|fractions=[..'x']":
        "ValueError that names neither fractions nor the value: could not convert string to float: 'x'",
    'traq_grid.individual_coverage|levels=None':
        "TypeError that names neither levels nor the value: 'NoneType' object is not iterable",
    "traq_grid.individual_coverage|levels=[..'x']":
        "TypeError that names neither levels nor the value: unsupported operand type(s) for -: 'int' and 'str'",
    'traq_grid.individual_coverage|levels=[..nan]':
        'ValueError that names neither levels nor the value: alpha_ret must lie in (0, 1), got alpha_ret=nan',
    'traq_grid.individual_coverage|seeds=None':
        "TypeError that names neither seeds nor the value: 'NoneType' object is not iterable",
    "traq_grid.run_grid|c='x'":
        "AttributeError: 'str' object has no attribute 'meta'",
    'traq_grid.run_grid|c=None':
        "AttributeError: 'NoneType' object has no attribute 'meta'",
    'traq_grid.run_grid|fractions=None':
        "TypeError that names neither fractions nor the value: 'NoneType' object is not iterable",
    "traq_grid.run_grid|fractions=[..'x']":
        "ValueError that names neither fractions nor the value: could not convert string to float: 'x'",
    'traq_grid.run_grid|levels=None':
        "TypeError that names neither levels nor the value: 'NoneType' object is not iterable",
    "traq_grid.run_grid|levels=[..'x']":
        "TypeError that names neither levels nor the value: unsupported operand type(s) for -: 'int' and 'str'",
    'traq_grid.run_grid|levels=[..nan]':
        'ValueError that names neither levels nor the value: 1 - level (level=nan) must lie in (0, 1), got 1 - level (level=nan)=nan',
    'traq_grid.run_grid|levels=[]':
        "AttributeError: 'DataFrame' object has no attribute 'too_few'",
    'traq_grid.run_grid|methods=None':
        "TypeError that names neither methods nor the value: 'NoneType' object is not iterable",
    'traq_grid.run_grid|methods=[..None]':
        "ValueError that names neither methods nor the value: unknown method(s) [None]; known: ['Bonf', 'Bonf-P', 'Bonf-P-logprob', 'Bonf-P-rand', 'Bonf-logprob', 'Bonf-...",
    'traq_grid.run_grid|methods=[]':
        "AttributeError: 'DataFrame' object has no attribute 'too_few'",
    'traq_grid.run_grid|seeds=None':
        "TypeError that names neither seeds nor the value: 'NoneType' object is not iterable",
    "traq_grid.traq_split|fractions=[..'x']":
        "ValueError that names neither fractions nor the value: could not convert string to float: 'x'",
    'traq_release.load_release_scores|dir=123':
        'TypeError that names neither dir nor the value: expected str, bytes or os.PathLike object, not int',
    'traq_release.load_release_scores|dir=None':
        'TypeError that names neither dir nor the value: expected str, bytes or os.PathLike object, not NoneType',
    'traq_release.load_release_scores|variant=123':
        'FileNotFoundError that names neither variant nor the value: TRAQ release file <tmp>/release/retrieved_true_scores_nq_123.p not found: the compon...',
    "traq_release.load_release|correct='x'":
        "TypeError that names neither correct nor the value: 'str' object is not callable",
    'traq_release.load_release|dir=123':
        'TypeError that names neither dir nor the value: expected str, bytes or os.PathLike object, not int',
    'traq_release.load_release|dir=None':
        'TypeError that names neither dir nor the value: expected str, bytes or os.PathLike object, not NoneType',
    'traq_release.load_release|n=-1':
        'ReleaseFileError that names neither n nor the value: <tmp>/release/retrieved_scores_nq.p: 5 questions, but queries_nq.p has -1',
    'traq_release.release_files|dir=123':
        'TypeError that names neither dir nor the value: expected str, bytes or os.PathLike object, not int',
    'traq_release.release_files|dir=None':
        'TypeError that names neither dir nor the value: expected str, bytes or os.PathLike object, not NoneType',
    "traq_release.synthetic_release|K='x'":
        "TypeError that names neither K nor the value: 'str' object cannot be interpreted as an integer",
    'traq_release.synthetic_release|K=-1':
        'ValueError that names neither K nor the value: negative dimensions are not allowed',
    'traq_release.synthetic_release|K=None':
        "AttributeError: 'float' object has no attribute 'astype'",
    'traq_release.synthetic_release|M=-1':
        'ValueError that names neither M nor the value: negative dimensions are not allowed',
    'traq_release.synthetic_release|M=None':
        "TypeError that names neither M nor the value: 'int' object is not iterable",
    "traq_release.synthetic_release|Q='x'":
        "TypeError that names neither Q nor the value: 'str' object cannot be interpreted as an integer",
    'traq_release.synthetic_release|Q=2.5':
        "TypeError that names neither Q nor the value: 'float' object cannot be interpreted as an integer",
    'traq_release.synthetic_release|Q=None':
        "TypeError that names neither Q nor the value: 'NoneType' object cannot be interpreted as an integer",
    'traq_release.synthetic_release|dir=123':
        'TypeError that names neither dir nor the value: expected str, bytes or os.PathLike object, not int',
    'traq_release.synthetic_release|dir=None':
        'TypeError that names neither dir nor the value: expected str, bytes or os.PathLike object, not NoneType',
    'traq_release.synthetic_release|dir=missing':
        "FileExistsError: [Errno 17] File exists: '/nonexistent/trial/x.json'",
    "traq_release.synthetic_release|extra_answers='x'":
        "TypeError that names neither extra_answers nor the value: 'str' object cannot be interpreted as an integer",
    'traq_release.synthetic_release|extra_answers=2.5':
        "TypeError that names neither extra_answers nor the value: 'float' object cannot be interpreted as an integer",
    'traq_release.synthetic_release|extra_answers=None':
        "TypeError that names neither extra_answers nor the value: 'NoneType' object cannot be interpreted as an integer",
    "traq_release.synthetic_release|long_answer='x'":
        "TypeError that names neither long_answer nor the value: unsupported operand type(s) for -: 'str' and 'int'",
    'traq_release.synthetic_release|seed=-1':
        'ValueError that names neither seed nor the value: expected non-negative integer',
    'traq_release_agreement.lost_chunks|chunk_sums=None':
        'TypeError that names neither chunk_sums nor the value: loop of ufunc does not support argument 0 of type NoneType which has no callable rint method',
    "traq_release_agreement.lost_chunks|chunk_sums=[..'x']":
        "TypeError that names neither chunk_sums nor the value: ufunc 'rint' not supported for the input types, and the inputs could not be safely coerced to any supported...",
    'traq_release_agreement.lost_chunks|chunk_sums=[..nan]':
        'ValueError that names neither chunk_sums nor the value: cannot convert float NaN to integer',
    "traq_release_agreement.lost_chunks|deficit='x'":
        "TypeError that names neither deficit nor the value: '<' not supported between instances of 'str' and 'int'",
    'traq_release_agreement.lost_chunks|deficit=None':
        "TypeError that names neither deficit nor the value: '<' not supported between instances of 'NoneType' and 'int'",
    "traq_release_agreement.traq_chunk_sums|kernel='x'":
        'TypeError that names neither kernel nor the value: can only concatenate str (not "int") to str',
    'traq_release_agreement.traq_chunk_sums|kernel=2.5':
        "TypeError that names neither kernel nor the value: 'float' object cannot be interpreted as an integer",
    'traq_release_agreement.traq_chunk_sums|kernel=None':
        "TypeError that names neither kernel nor the value: unsupported operand type(s) for +: 'NoneType' and 'int'",
    'traq_release_agreement.traq_chunk_sums|values=None':
        'TypeError that names neither values nor the value: len() of unsized object',
    "traq_release_agreement.traq_chunk_sums|values=[..'x']":
        "ValueError that names neither values nor the value: could not convert string to float: 'x'",
    "traq_release_agreement.truth_scores|c='x'":
        "AttributeError: 'str' object has no attribute 'meta'",
    'traq_release_agreement.truth_scores|c=None':
        "AttributeError: 'NoneType' object has no attribute 'meta'",
    "traq_release_agreement.weight_scan|alpha='x'":
        "TypeError that names neither alpha nor the value: can't multiply sequence by non-int of type 'numpy.float64'",
    'traq_release_agreement.weight_scan|alpha=-0.5':
        'ValueError that names neither alpha nor the value: alpha_ret must lie in (0, 1), got alpha_ret=-0.13447071068499755',
    'traq_release_agreement.weight_scan|alpha=1.5':
        'ValueError that names neither alpha nor the value: alpha_llm must lie in (0, 1), got alpha_llm=1.0965878679450074',
    'traq_release_agreement.weight_scan|alpha=None':
        "TypeError that names neither alpha nor the value: unsupported operand type(s) for *: 'NoneType' and 'float'",
    "traq_release_agreement.weight_scan|c='x'":
        "AttributeError: 'str' object has no attribute 'answers'",
    'traq_release_agreement.weight_scan|c=None':
        "AttributeError: 'NoneType' object has no attribute 'answers'",
    "traq_release_agreement.weight_scan|cal=[..'x']":
        "IndexError that names neither cal nor the value: idx must be question rows (integers) or a boolean mask, got array([2, 4, 6, 13, 16, 'x'], dtype=object)",
    'traq_release_agreement.weight_scan|cal=[..nan]':
        'IndexError that names neither cal nor the value: idx must be question rows (integers) or a boolean mask, got array([ 2., 4., 6., 13., 16., nan])',
    'traq_release_agreement.weight_scan|cal=[]':
        'ValueError that names neither cal nor the value: the calibration split is empty',
    "traq_release_agreement.weight_scan|n='x'":
        "TypeError that names neither n nor the value: 'str' object cannot be interpreted as an integer",
    'traq_release_agreement.weight_scan|n=-1':
        'ValueError that names neither n nor the value: Number of samples, -1, must be non-negative.',
    'traq_release_agreement.weight_scan|n=2.5':
        "TypeError that names neither n nor the value: 'float' object cannot be interpreted as an integer",
    'traq_release_agreement.weight_scan|n=None':
        "TypeError that names neither n nor the value: 'NoneType' object cannot be interpreted as an integer",
    "traq_release_agreement.weight_scan|test=[..'x']":
        "IndexError that names neither test nor the value: idx must be question rows (integers) or a boolean mask, got array([1, 5, 7, 9, 14, 15, 17, 'x'], dtype=object)",
    'traq_release_agreement.weight_scan|test=[..nan]':
        'IndexError that names neither test nor the value: idx must be question rows (integers) or a boolean mask, got array([ 1., 5., 7., 9., 14., 15., 17., nan])',
    'traq_release_agreement.weight_scan|test=[]':
        'IndexError that names neither test nor the value: arrays used as indices must be of integer (or boolean) type',
    'traq_release_idk.HashingEncoder.encode|texts=None':
        "TypeError that names neither texts nor the value: 'NoneType' object is not iterable",
    'traq_release_idk.HashingEncoder.encode|texts=[..None]':
        "AttributeError: 'NoneType' object has no attribute 'lower'",
    'traq_release_idk.HashingEncoder.encode|texts=[]':
        'StopIteration: ',
    'traq_release_idk.HashingEncoder|n_features=None':
        "TypeError that names neither n_features nor the value: int() argument must be a string, a bytes-like object or a real number, not 'NoneType'",
    'traq_release_idk.idk_split_shares|fractions=None':
        "TypeError that names neither fractions nor the value: 'NoneType' object is not iterable",
    "traq_release_idk.idk_split_shares|fractions=[..'x']":
        "ValueError that names neither fractions nor the value: could not convert string to float: 'x'",
    "traq_release_idk.synthetic_certain_uncertain|n='x'":
        "TypeError that names neither n nor the value: 'str' object cannot be interpreted as an integer",
    'traq_release_idk.synthetic_certain_uncertain|n=2.5':
        "TypeError that names neither n nor the value: 'float' object cannot be interpreted as an integer",
    'traq_release_idk.synthetic_certain_uncertain|n=None':
        "TypeError that names neither n nor the value: 'NoneType' object cannot be interpreted as an integer",
    "traq_release_idk.synthetic_certain_uncertain|p_answerable='x'":
        "TypeError that names neither p_answerable nor the value: '<' not supported between instances of 'float' and 'str'",
    'traq_release_idk.synthetic_certain_uncertain|p_answerable=None':
        "TypeError that names neither p_answerable nor the value: '<' not supported between instances of 'float' and 'NoneType'",
    'traq_release_idk.synthetic_certain_uncertain|path=123':
        'TypeError that names neither path nor the value: expected str, bytes or os.PathLike object, not int',
    'traq_release_idk.synthetic_certain_uncertain|path=None':
        'TypeError that names neither path nor the value: expected str, bytes or os.PathLike object, not NoneType',
    'traq_release_idk.synthetic_certain_uncertain|seed=-1':
        'ValueError that names neither seed nor the value: expected non-negative integer',
    'traq_report.mean_std_table|index=None':
        "TypeError that names neither index nor the value: 'NoneType' object is not iterable",
    'traq_report.mean_std_table|index=[..None]':
        "TypeError that names neither index nor the value: 'NoneType' object is not callable",
    "traq_report.mean_std_table|methods='x'":
        'TypeError that names neither methods nor the value: only list-like objects are allowed to be passed to isin(), you passed a `str`',
    'traq_report.mean_std_table|methods=None':
        'TypeError that names neither methods nor the value: only list-like objects are allowed to be passed to isin(), you passed a `NoneType`',
    'traq_report.mean_std_table|metric=123':
        "KeyError that names neither metric nor the value: ['123_mean']",
    'traq_report.mean_std_table|metric=None':
        "KeyError that names neither metric nor the value: ['None_mean']",
    "traq_report.mean_std_table|summary='x'":
        "AttributeError: 'str' object has no attribute 'method'",
    'traq_report.mean_std_table|summary=None':
        "AttributeError: 'NoneType' object has no attribute 'method'",
    'traq_report.mean_std_table|summary=empty':
        "AttributeError: 'DataFrame' object has no attribute 'method'",
    "traq_report.set_answers|c='x'":
        "AttributeError: 'str' object has no attribute 'answers'",
    'traq_report.set_answers|c=None':
        "AttributeError: 'NoneType' object has no attribute 'answers'",
    'traq_report.set_answers|mask=None':
        "TypeError that names neither mask nor the value: 'NoneType' object is not subscriptable",
    "traq_report.set_answers|mask=[..'x']":
        'IndexError that names neither mask nor the value: arrays used as indices must be of integer (or boolean) type',
    'traq_report.set_answers|mask=[..nan]':
        "TypeError that names neither mask nor the value: ufunc 'bitwise_and' not supported for the input types, and the inputs could not be safely coerced to any su...",
    "traq_report.set_answers|q='x'":
        'IndexError that names neither q nor the value: only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean arrays are val...',
    'traq_report.set_answers|q=2.5':
        'IndexError that names neither q nor the value: only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean arrays are val...',
    "traq_report.size_reduction_by_level|grid='x'":
        "AttributeError: 'str' object has no attribute 'seed'",
    'traq_report.size_reduction_by_level|grid=None':
        "AttributeError: 'NoneType' object has no attribute 'seed'",
    'traq_report.size_reduction_by_level|grid=empty':
        "AttributeError: 'DataFrame' object has no attribute 'seed'",
    "traq_report.size_reduction|grid='x'":
        "AttributeError: 'str' object has no attribute 'method'",
    'traq_report.size_reduction|grid=None':
        "AttributeError: 'NoneType' object has no attribute 'method'",
    'traq_report.size_reduction|grid=empty':
        "AttributeError: 'DataFrame' object has no attribute 'method'",
    'traq_report.sizes_note|by=None':
        "TypeError that names neither by nor the value: 'NoneType' object is not iterable",
    'traq_report.sizes_note|by=[..None]':
        "TypeError that names neither by nor the value: 'NoneType' object is not callable",
    'traq_report.sizes_note|by=[]':
        'ValueError that names neither by nor the value: No group keys passed!',
    "traq_report.sizes_note|df='x'":
        "AttributeError: 'str' object has no attribute 'groupby'",
    'traq_report.sizes_note|df=None':
        "AttributeError: 'NoneType' object has no attribute 'groupby'",
    'traq_report.sizes_note|df=empty':
        "KeyError that names neither df nor the value: 'population'",
    'traq_report.summarize|by=None':
        "TypeError that names neither by nor the value: 'NoneType' object is not iterable",
    'traq_report.summarize|by=[..None]':
        "TypeError that names neither by nor the value: 'NoneType' object is not callable",
    'traq_report.summarize|by=[]':
        'ValueError that names neither by nor the value: No group keys passed!',
    "traq_report.summarize|grid='x'":
        "AttributeError: 'str' object has no attribute 'groupby'",
    'traq_report.summarize|grid=None':
        "AttributeError: 'NoneType' object has no attribute 'groupby'",
    'traq_report.summarize|grid=empty':
        "KeyError that names neither grid nor the value: 'method'",
    'traq_report.summarize|metrics=None':
        "TypeError that names neither metrics nor the value: 'NoneType' object is not iterable",
    'traq_report.summarize|metrics=[..None]':
        "KeyError that names neither metrics nor the value: 'Columns not found: None'",
    'traq_report.summarize|metrics=[]':
        'ValueError that names neither metrics nor the value: No objects to concatenate',
    "traq_report.traq_search|opt='x'":
        "AttributeError: 'str' object has no attribute 'cluster'",
    'traq_report.traq_search|opt=None':
        "AttributeError: 'NoneType' object has no attribute 'cluster'",
    'traq_report.whole_note|by=None':
        "TypeError that names neither by nor the value: 'NoneType' object is not iterable",
    'traq_report.whole_note|by=[..None]':
        "TypeError that names neither by nor the value: 'NoneType' object is not callable",
    'traq_report.whole_note|by=[]':
        'ValueError that names neither by nor the value: No group keys passed!',
    "traq_report.whole_note|df='x'":
        "AttributeError: 'str' object has no attribute 'assign'",
    'traq_report.whole_note|df=None':
        "TypeError that names neither df nor the value: argument of type 'NoneType' is not iterable",
    'traq_report.whole_note|df=empty':
        "AttributeError: 'DataFrame' object has no attribute 'whole'",
}
KNOWN_HANG = {  # no answer within 10s
}
KNOWN_DRAWN = {  # hypothesis found a bad probability or count the call does not refuse by name
    'cache.request_dict|seed':
        "seed=-1: silent: returned {'backend': 'local', 'model': 'm', 'prompt': 'p', 'temperature': 1.0, 'top_p': 1.0, 'max_new_tokens': 16, '...",
    'cache.row_checksum|idx':
        "idx=-1: silent: returned '993ba1801c812ca4'",
    'claims.direction|sign':
        "sign=-1: silent: returned ('contradicted', 'size = +0.200 [+0.100, +0.300]: reversed')",
    'claims.n_to_resolve|n':
        'n=-1: silent: returned 0.0',
    'claims.result|n':
        "n=-1: silent: returned {'backbone': 'llama2', 'verdict': 'holds', 'reason': 'r', 'value': 0.5, 'lo': 0.4, 'hi': 0.6, 'n': -1, 'n_n...",
    'cli.int_at_least|lo':
        'lo=-1: silent: returned <function int_at_least.<locals>.int_at_least at 0x7fa395539080>',
    'collect.check_settings|seed':
        'seed=-1: silent: returned None',
    'collect.collection_name|n_questions':
        "n_questions=-1: silent: returned 'wiki_gemma-3-270m_-1'",
    'collect.sample_questions|seed':
        'seed=-1: deep: ValueError that names neither seed nor the value: expected non-negative integer',
    'collection.synthetic_collection|seed':
        'seed=-1: deep: ValueError that names neither seed nor the value: expected non-negative integer',
    'conflare.BagOfWordsEncoder|dim':
        'dim=-1: silent: returned <conformal_rag.conflare.BagOfWordsEncoder object at 0x7fa38ef568d0>',
    'conflare.ConformalRetriever.retrieve|max_chars':
        'max_chars=-1: silent: returned [ConflareSet(rows=array([0]), similarities=array([0.70710677]), n_above=1, truncated=False, cutoff=0.1)]',
    'conflare.ConformalRetriever.retrieve|max_chunks':
        'max_chunks=-1: silent: returned [ConflareSet(rows=array([0]), similarities=array([0.70710677]), n_above=1, truncated=False, cutoff=0.1)]',
    'conflare.conflare_trials|max_passages':
        'max_passages=-1: deep: ValueError that names neither max_passages nor the value: k must be a positive integer, got k=-1',
    'conflare.conflare_trials|n_cal':
        'n_cal=1.5: silent: returned alpha trial ... truncated coverage_after_budget 0 0.3 0 ... 1.0 0.363636 1 0.3 1 ... 1.0 0.272727 2 0.3 2 ....',
    'conformal.check_array|ndim':
        'ndim=-1: deep: ValueError that names neither ndim nor the value: x must have -1 axes (-1-D), got shape (2,)',
    'conformal.check_count|maximum':
        'maximum=-1: deep: ValueError that names neither maximum nor the value: v must be an integer in 1..-1, got v=3',
    'conformal.check_count|minimum':
        'minimum=-1: silent: returned 3',
    'conformal.check_count|value':
        'value=-1: deep: ValueError that names neither value nor the value: v must be a positive integer, got v=-1',
    'conformal.count_requirement|maximum':
        "maximum=-1: silent: returned 'an integer in 1..-1'",
    'conformal.count_requirement|minimum':
        "minimum=-1: silent: returned 'an integer in -1..5'",
    'data.split_examples|seed':
        "seed=-1: deep: ValueError that names neither seed nor the value: fractions must be non-negative and sum to 1, got fractions={'train': 0.1, 'calibratio",
    'llm.FakeBackend|max_n':
        'max_n=-1: silent: returned <conformal_rag.llm.FakeBackend object at 0x7fa38ed180d0>',
    'llm.LLM.sample|seed':
        "seed=-1: silent: returned [[Sample(text='Paris', logprobs=None, finish='stop'), Sample(text='Paris', logprobs=None, finish='stop')]]",
    'matching.check_cluster_ids|lo':
        'lo=-1: silent: returned array([0, 1, 0])',
    'overconfidence.fake_model_answer|i':
        "i=-1: silent: returned 'Lima, certain'",
    'overconfidence.fake_model_answer|seed':
        "seed=-1: silent: returned 'Lima, certain'",
    'rcrag.fake_rcrag_reply|i':
        "i=-1: silent: returned 'Unknown.'",
    'rcrag.fake_rcrag_reply|seed':
        "seed=-1: silent: returned 'Unknown.'",
    'rcrag_metrics.format_metric|digits':
        'digits=-1: deep: ValueError that names neither digits nor the value: Format specifier missing precision',
    'reproduce.count_param|maximum':
        'maximum=-1: silent: returned <function count_param.<locals>.<lambda> at 0x7fa38efa05e0>',
    'reproduce.count_param|minimum':
        'minimum=-1: silent: returned <function count_param.<locals>.<lambda> at 0x7fa38f95b240>',
    'reproduce.fractions_param|parts':
        'parts=-1: silent: returned <function fractions_param.<locals>.check at 0x7fa3949918a0>',
    'reproduce.list_param|length':
        'length=-1: silent: returned <function list_param.<locals>.check at 0x7fa394a21ee0>',
    'retrieval.DenseIndex|ef_construction':
        'ef_construction=-1: silent: returned <conformal_rag.retrieval.DenseIndex object at 0x7fa38fcbd7d0>',
    'retrieval.DenseIndex|ef_search':
        'ef_search=-1: silent: returned <conformal_rag.retrieval.DenseIndex object at 0x7fa38fb2cb90>',
    'retrieval.DenseIndex|hnsw_m':
        'hnsw_m=-1: silent: returned <conformal_rag.retrieval.DenseIndex object at 0x7fa39472ee90>',
    'retrieval.DenseIndex|nlist':
        'nlist=-1: silent: returned <conformal_rag.retrieval.DenseIndex object at 0x7fa39458a850>',
    'retrieval.DenseIndex|nprobe':
        'nprobe=-1: silent: returned <conformal_rag.retrieval.DenseIndex object at 0x7fa39452bb50>',
    'retrieval.DenseIndex|seed':
        'seed=-1: silent: returned <conformal_rag.retrieval.DenseIndex object at 0x7fa38f4e0510>',
    'retrieval.DenseIndex|train_size':
        'train_size=-1: silent: returned <conformal_rag.retrieval.DenseIndex object at 0x7fa38fbdc690>',
    'retrieval.Retrieval.topk_ids|i':
        "i=-1: silent: returned ['p3', 'p5', 'p1']",
    'retrieval.check_gold_rows|N':
        'N=-1: deep: ValueError that names neither N nor the value: gold_rows[0] must hold corpus row numbers in 0..-2 (not passage ids: map ids with QADataset',
    'retrieval.check_gold_rows|i':
        'i=-1: silent: returned array([0, 2])',
    'retrieval.check_k|n_passages':
        'n_passages=-1: deep: ValueError that names neither n_passages nor the value: k=2 is larger than the corpus (-1 passages)',
    'stats.coverage_band|n_cal':
        'n_cal=-1: deep: ValueError that names neither n_cal nor the value: n must be a positive integer, got n=-1',
    'stats.coverage_band|n_splits':
        'n_splits=-1: deep: ValueError that names neither n_splits nor the value: negative dimensions are not allowed',
    'stats.coverage_band|n_test':
        'n_test=1.5: silent: returned (0.7, 1.0)',
    'stats.gp_minimize_1d|n_initial_points':
        'n_initial_points=-1: silent: returned fun: 0.009313358016425384 x: [0.39650574084698476] func_vals: [ 4.000e-02 7.908e-02 2.766e-02 9.313e-03 4.5...',
    'stats.gp_minimize_1d|n_points':
        'n_points=-1: deep: ValueError that names neither n_points nor the value: negative dimensions are not allowed',
    'stats.gp_minimize_1d|seed':
        'seed=-1: deep: ValueError that names neither seed nor the value: Seed must be between 0 and 2**32 - 1',
    'stats.map_jobs|n_jobs':
        'n_jobs=-2: silent: returned [1, 2]',
    'stats.quantile_agg|q':
        'q=-1.0: silent: returned <function quantile_agg.<locals>.f at 0x7fa394e53920>',
    'stats.split_coverage_pmf|n_cal':
        'n_cal=-1: deep: ValueError that names neither n_cal nor the value: n must be a positive integer, got n=-1',
    'stats.split_coverage_pmf|n_test':
        'n_test=1.5: silent: returned array([0.09677419, 0.90322581])',
    'stats.split_trials|n_jobs':
        'n_jobs=-2: silent: returned n trial 0 10 0 1 10 1 2 10 2',
    'trac.weight_search|n_calls':
        "n_calls=-1: silent: returned {'w_ret': 0.49999999999999994, 'objective': 5.6}",
    'trac.weight_search|n_initial_points':
        "n_initial_points=-1: silent: returned {'w_ret': 0.49999999999999994, 'objective': 5.6}",
    'trac.weight_search|seed':
        "seed=-1: silent: returned {'w_ret': 0.49999999999999994, 'objective': 5.6}",
    'trac.whole_set_note|min_share':
        "min_share=-1.0: silent: returned ' Share of test questions whose set is the whole candidate set (every sample of every retrieved passage): a...",
    'traq.split_indices|c':
        "c=1.5: deep: TypeError that names neither c nor the value: object of type 'float' has no len()",
    'traq_grid.check_splits|n':
        'n=-1: deep: ValueError that names neither n nor the value: splits[0] cal: index 2 out of range for -1 questions',
    'traq_grid.run_grid|delta':
        'delta=-1.0: silent: returned method level alpha ... ceiling_e2e_top ceiling_e2e too_few 0 Bonf 0.7 0.3 ... 0.625 0.625 [1 rows x 32 colu...',
    'traq_grid.run_grid|n_jobs':
        'n_jobs=-2: silent: returned method level alpha ... ceiling_e2e_top ceiling_e2e too_few 0 Bonf 0.7 0.3 ... 0.625 0.625 [1 rows x 32 colu...',
    'traq_release.load_release_scores|n':
        "n=-1: silent: returned {'retrieved_true_scores': [[71.9212646484375], [66.03870391845703], [67.58880615234375], [72.03411865234375...",
    'traq_release.load_release|n':
        'n=-1: deep: ReleaseFileError that names neither n nor the value: <tmp>/release/retrieved_scores_nq.p: 5 questions, but queries_',
    'traq_release.synthetic_release|K':
        'K=-1: deep: ValueError that names neither K nor the value: negative dimensions are not allowed',
    'traq_release.synthetic_release|M':
        'M=-1: deep: ValueError that names neither M nor the value: negative dimensions are not allowed',
    'traq_release.synthetic_release|Q':
        "Q=-1: silent: returned {'queries': [], 'true_answers': [], 'retrieved_scores': [], 'retrieved_true_scores': [], 'true_scores': [],...",
    'traq_release.synthetic_release|extra_answers':
        "extra_answers=-1: silent: returned {'queries': ['synthetic question 0?', 'synthetic question 1?', 'synthetic question 2?', 'synthetic question...",
    'traq_release.synthetic_release|long_answer':
        "long_answer=-1: silent: returned {'queries': ['synthetic question 0?', 'synthetic question 1?', 'synthetic question 2?', 'synthetic question...",
    'traq_release.synthetic_release|seed':
        'seed=-1: deep: ValueError that names neither seed nor the value: expected non-negative integer',
    'traq_release_agreement.lost_chunks|deficit':
        'deficit=-1: silent: returned None',
    'traq_release_agreement.traq_chunk_sums|kernel':
        'kernel=-1: silent: returned array([], dtype=float64)',
    'traq_release_agreement.weight_scan|alpha':
        'alpha=-1.0: deep: ValueError that names neither alpha nor the value: alpha_ret must lie in (0, 1), got alpha_ret=-0.2689414213699951',
    'traq_release_agreement.weight_scan|n':
        'n=-1: deep: ValueError that names neither n nor the value: Number of samples, -1, must be non-negative.',
    'traq_release_idk.HashingEncoder|n_features':
        'n_features=-1: silent: returned <conformal_rag.traq_release_idk.HashingEncoder object at 0x7fa38f852e90>',
    'traq_release_idk.synthetic_certain_uncertain|n':
        "n=-1: silent: returned Path('<tmp>/cu.json')",
    'traq_release_idk.synthetic_certain_uncertain|p_answerable':
        "p_answerable=-1.0: silent: returned Path('<tmp>/cu.json')",
    'traq_release_idk.synthetic_certain_uncertain|seed':
        'seed=-1: deep: ValueError that names neither seed nor the value: expected non-negative integer',
    'traq_report.method_plan|bo_splits':
        "bo_splits=-1: silent: returned [(['Vanilla', 'Bonf', 'Bonf-P'], 2), (['TRAQ-grid'], -1)]",
    'traq_report.method_plan|splits':
        "splits=-1: silent: returned [(['Vanilla', 'Bonf', 'Bonf-P'], -1), (['TRAQ-grid'], 1)]",
    'traq_report.set_answers|q':
        "q=-1: silent: returned ['answer 0', 'answer 1', 'answer 3', 'answer 5', 'answer 4', 'answer 6']",
    'traq_report.traq_search|n_calls':
        "n_calls=-1: silent: returned {'w_ret': 0.49999999999999994, 'objective': 5.6, 'ws': [0.05, 0.27499999999999997, 0.49999999999999994, 0.7...",
    'traq_report.traq_search|n_initial_points':
        "n_initial_points=-1: silent: returned {'w_ret': 0.49999999999999994, 'objective': 5.6, 'ws': [0.05, 0.27499999999999997, 0.49999999999999994, 0.7...",
    'traq_report.traq_search|seed':
        "seed=-1: silent: returned {'w_ret': 0.49999999999999994, 'objective': 5.6, 'ws': [0.05, 0.27499999999999997, 0.49999999999999994, 0.7...",
}
# END GENERATED
KNOWN_FAILURES = {**{k: 'silent: ' + v for k, v in KNOWN_SILENT.items()},
                  **{k: 'deep: ' + v for k, v in KNOWN_DEEP.items()},
                  **{k: 'hang: ' + v for k, v in KNOWN_HANG.items()}}

_BY_ID = {c[0]: c for c in CASES}

@pytest.mark.parametrize('cid', [_marked(c[0], KNOWN_FAILURES) for c in CASES])
def test_bad_value_is_refused_by_name(cid):
    _, name, param, label, value = _BY_ID[cid]
    kind, what = te.outcome(name, ENTRIES[name], param, label, value)
    assert kind is None, f'{kind}: {what}'

_DRAWN_BY_ID = {d[0]: d for d in DRAWN}

@pytest.mark.parametrize('did', [_marked(d[0], KNOWN_DRAWN) for d in DRAWN])
def test_drawn_bad_value_is_refused_by_name(did):
    _, name, param, kind = _DRAWN_BY_ID[did]
    te.check_drawn(name, ENTRIES[name], param, kind)

def test_known_failures_are_cases():
    "Every listed failure is still a case (a renamed parameter or a new recipe leaves no stale entry)."
    stale = [k for k in KNOWN_FAILURES if k not in _BY_ID] + [k for k in KNOWN_DRAWN if k not in _DRAWN_BY_ID]
    assert not stale, f'known failures that are no case any more: {stale}'

# ---- regenerating the lists --------------------------------------------------------------------------------------
def _regenerate():
    "Run every case and rewrite the generated lists of this file (the lead reads the diff)."
    import re
    groups = {'silent': {}, 'deep': {}, 'hang': {}}
    for cid, name, param, label, value in CASES:
        kind, what = te.outcome(name, ENTRIES[name], param, label, value)
        if kind: groups[kind][cid] = what
    drawn = {}
    for did, name, param, kind in DRAWN:
        try: te.check_drawn(name, ENTRIES[name], param, kind)
        except Exception as e: drawn[did] = ' '.join(str(e).split('\n')[0].split())[:150]
    def block(var, d, doc):
        lines = [f'{var} = {{  # {doc}']
        for k in sorted(d):
            v = re.sub(r'/tmp/property-trial-\w+', '<tmp>', d[k])
            lines.append(f'    {k!r}:\n        {v!r},')
        return '\n'.join(lines + ['}'])
    text = '\n'.join([
        block('KNOWN_SILENT', groups['silent'], 'a result came back for a bad value: a wrong answer or a '
              'default taken silently'),
        block('KNOWN_DEEP', groups['deep'], 'a traceback from inside (AttributeError, numpy, pandas), or an error '
              'that names neither the argument nor the value'),
        block('KNOWN_HANG', groups['hang'], f'no answer within {te.TIMEOUT_S}s'),
        block('KNOWN_DRAWN', drawn, 'hypothesis found a bad probability or count the call does not refuse by name'),
    ])
    me = Path(__file__)
    src = me.read_text()
    head, rest = src.split('# BEGIN GENERATED\n')
    tail = rest.split('# END GENERATED\n', 1)[1]
    me.write_text(head + '# BEGIN GENERATED\n' + text + '\n# END GENERATED\n' + tail)
    print({k: len(v) for k, v in groups.items()}, 'drawn', len(drawn), 'of', len(DRAWN))

def _report(modules):
    "Print today's failures of the cases of these modules (no file is written): `python tests/test_property_trial.py traq stats`."
    n = 0
    for cid, name, param, label, value in CASES:
        if name.split('.')[0] not in modules: continue
        kind, what = te.outcome(name, ENTRIES[name], param, label, value)
        if kind: n += 1; print(f'{cid}  {kind}: {what}')
    for did, name, param, kind in DRAWN:
        if name.split('.')[0] not in modules: continue
        try: te.check_drawn(name, ENTRIES[name], param, kind)
        except Exception as e: n += 1; print(f'{did}  drawn: ' + ' '.join(str(e).split('\n')[0].split())[:150])
    print(n, 'failures in', ', '.join(modules))

if __name__ == '__main__':
    import warnings
    warnings.simplefilter('ignore')
    _report(sys.argv[1:]) if sys.argv[1:] else _regenerate()
