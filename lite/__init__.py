"""Build and serve the lessons as a web site (JupyterLite): see build.py and serve.py."""
