from setuptools import setup, find_packages
import configparser, shlex

config = configparser.ConfigParser(delimiters=['='])
config.read('settings.ini', encoding='utf-8')
cfg = config['DEFAULT']

requirements = shlex.split(cfg.get('requirements', ''))
# extras: `pip install conformal_rag[hub]` (datasets), [bench] (benchmark peers), [docs] (make docs), [dev] (tests, nbdev 2)
extras = {k: shlex.split(cfg.get(f'{k}_requirements', '')) for k in ('hub', 'bench', 'docs', 'dev')}
console_scripts = [s for s in cfg.get('console_scripts', '').split() if s]

setup(
    name=cfg['lib_name'],
    version=cfg['version'],
    description=cfg['description'],
    license='Apache-2.0',
    author=cfg['author'],
    author_email=cfg['author_email'],
    url=cfg['git_url'],
    packages=find_packages(include=[cfg['lib_path'], cfg['lib_path'] + '.*']),
    include_package_data=True,
    package_data={cfg['lib_path']: ['*.csv']},   # data the package reads (traq_release: release_hashes.csv)
    install_requires=requirements,
    extras_require=extras,
    python_requires='>=' + cfg['min_python'],
    long_description=open('README.md', encoding='utf-8').read(),
    long_description_content_type='text/markdown',
    zip_safe=False,
    entry_points={'console_scripts': console_scripts, 'nbdev': [f"{cfg['lib_path']}={cfg['lib_path']}._modidx:d"]},
)
