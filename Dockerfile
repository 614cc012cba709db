# The game bot in a container: slim Python, a non-root user, and the SQLite file on a volume.
# Images use the Noto subsets shipped in renderers/fonts/ (CJK, Latin, Arabic, Hebrew, Thai, Devanagari, emoji),
# the same fonts as in development and CI, so no system font is installed. libfribidi0 lets Pillow's bundled
# libraqm join Arabic letters, order right-to-left names and shape Devanagari and Thai.
#   docker build -t boardgame-bot .
#   docker run -d --name boardgame-bot -e DISCORD_TOKEN=your-bot-token -v boardgame-data:/data boardgame-bot
FROM python:3.11-slim

RUN apt-get update && apt-get install -y --no-install-recommends libfribidi0 && rm -rf /var/lib/apt/lists/*

WORKDIR /app
COPY pyproject.toml README.md ./
COPY games ./games
COPY renderers ./renderers
COPY bot ./bot
COPY tournaments ./tournaments
RUN pip install --no-cache-dir .

RUN useradd --create-home --uid 10001 bot && mkdir -p /data && chown bot:bot /data
USER bot

ENV BOT_DB_PATH=/data/bot.sqlite3 \
    PYTHONUNBUFFERED=1
VOLUME ["/data"]

CMD ["python", "-m", "bot"]
