#!/usr/bin/env bash
# slurm-local.sh up|down|status: a one-node Slurm cluster on this machine,
# from Debian's packages (apt-get install slurm-wlm munge), for trying and
# testing meeple's Slurm support (meeple match --submit slurm). It is not a
# way to set up a production cluster: one node, no accounting database, no
# cgroups, everything as root.
#
# Everything lives in one directory (MEEPLE_SLURM_DIR, default
# /tmp/meeple-slurm): the munge key and socket, a generated slurm.conf (the
# node's cores and memory from `slurmd -C`), the daemons' state, logs and
# pid files. No file under /etc is written, so Slurm's commands need
#   export SLURM_CONF=$MEEPLE_SLURM_DIR/slurm.conf
# which `up` prints. The ports are MEEPLE_SLURM_PORT (slurmctld, default
# 6817) and the one after it (slurmd).
#
#   up      start munged, slurmctld and slurmd, and wait until the node takes
#           jobs; a cluster already up is left as it is
#   down    cancel every job, stop the three daemons and wait until they are
#           gone; nothing to do if none is running
#   status  say which daemons run and what sinfo says
set -euo pipefail

dir=${MEEPLE_SLURM_DIR:-/tmp/meeple-slurm}
port=${MEEPLE_SLURM_PORT:-6817}
export SLURM_CONF=$dir/slurm.conf
node=$(hostname -s)
daemons=(slurmd slurmctld munged) # in the order they stop

die() {
	echo "slurm-local.sh: $*" >&2
	exit 1
}

# pidof_daemon NAME: the pid in NAME's pid file, if that process runs and
# is NAME (a stale pid file's pid may be another program's by now).
pidof_daemon() {
	local f=$dir/run/$1.pid pid
	[ -s "$f" ] || return 1
	pid=$(cat "$f")
	[ "$(cat "/proc/$pid/comm" 2>/dev/null)" = "$1" ] || return 1
	echo "$pid"
}

# running: every daemon runs and slurmctld answers.
running() {
	local d
	for d in "${daemons[@]}"; do
		pidof_daemon "$d" >/dev/null || return 1
	done
	scontrol ping >/dev/null 2>&1
}

# wait_for SECONDS COMMAND...: run COMMAND every 0.2 s until it succeeds.
wait_for() {
	local end=$((SECONDS + $1))
	shift
	until "$@" >/dev/null 2>&1; do
		[ "$SECONDS" -lt "$end" ] || return 1
		sleep 0.2
	done
}

# elapsed T0: seconds since $EPOCHREALTIME was T0, to a tenth.
elapsed() {
	local us=$((${EPOCHREALTIME/./} - ${1/./}))
	printf '%d.%d' $((us / 1000000)) $((us % 1000000 / 100000))
}

node_idle() { [ "$(sinfo -h -n "$node" -o %T)" = idle ]; }
no_jobs() { [ -z "$(squeue -h -o %A)" ]; }

write_conf() {
	# slurmd -C prints this machine's node line: CPUs, sockets, cores,
	# threads and RealMemory (MB).
	local hw
	hw=$(slurmd -C | head -n 1 | sed 's/^NodeName=[^ ]* //')
	cat >"$SLURM_CONF" <<CONF
# Written by scripts/slurm-local.sh for a one-node test cluster; not for production.
ClusterName=meeple-local
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
# cred_expire is also how long a requeued job waits before it may start
# again: 120 s by default, 10 here so that a requeue in a test runs soon.
AuthInfo=socket=$dir/run/munge.socket,cred_expire=10
StateSaveLocation=$dir/ctld
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/run/slurmctld.pid
SlurmdPidFile=$dir/run/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
# No cgroups: containers seldom let slurmd have them.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
# No accounting database (slurmdbd): sacct has nothing to show; every
# finished or requeued job is a line in the job completion log.
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/filetxt
JobCompLoc=$dir/log/jobcomp.log
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
KillWait=5
MinJobAge=600
NodeName=$node NodeAddr=127.0.0.1 $hw State=UNKNOWN
PartitionName=local Nodes=$node Default=YES MaxTime=INFINITE State=UP
CONF
}

up() {
	[ "$(id -u)" = 0 ] || die "run me as root (slurmd starts jobs as their users)"
	local c
	for c in munged mungekey slurmctld slurmd sinfo scontrol squeue; do
		command -v "$c" >/dev/null || die "$c is not installed: apt-get install slurm-wlm munge"
	done
	if running; then
		echo "slurm-local.sh: already up ($dir)"
		echo "export SLURM_CONF=$SLURM_CONF"
		return
	fi
	down >/dev/null # whatever half of a cluster is left
	local t0=$EPOCHREALTIME
	mkdir -p "$dir"/{run,log,ctld,spool,munge}
	chmod 0700 "$dir/munge"
	chmod 0755 "$dir/run" # the munge socket: every user may reach it
	[ -s "$dir/munge/munge.key" ] || mungekey --create --keyfile="$dir/munge/munge.key"
	chmod 0400 "$dir/munge/munge.key"
	write_conf
	munged --key-file="$dir/munge/munge.key" --socket="$dir/run/munge.socket" \
		--pid-file="$dir/run/munged.pid" --log-file="$dir/log/munged.log" \
		--seed-file="$dir/munge/munged.seed" ||
		die "munged did not start: see $dir/log/munged.log"
	# -c: a fresh cluster, without the jobs of an earlier one.
	slurmctld -c || die "slurmctld did not start: see $dir/log/slurmctld.log"
	wait_for 30 scontrol ping || die "slurmctld does not answer: see $dir/log/slurmctld.log"
	slurmd || die "slurmd did not start: see $dir/log/slurmd.log"
	if ! wait_for 60 node_idle; then
		sinfo -N -l >&2 || true
		die "node $node is not idle after 60 s: see $dir/log/slurmd.log"
	fi
	echo "slurm-local.sh: up in $(elapsed "$t0") s: node $node, $(sinfo -h -o '%c CPUs, %m MB') ($dir)"
	echo "export SLURM_CONF=$SLURM_CONF"
}

down() {
	if pidof_daemon slurmctld >/dev/null && scontrol ping >/dev/null 2>&1; then
		local jobs
		jobs=$(squeue -h -o %A)
		if [ -n "$jobs" ]; then
			# shellcheck disable=SC2086
			scancel $jobs || true
			# Only slurmd can end a running job; without it, up's fresh
			# start forgets the jobs anyway.
			if pidof_daemon slurmd >/dev/null && ! wait_for 30 no_jobs; then
				echo "slurm-local.sh: jobs still listed after 30 s: $(squeue -h -o %A | tr '\n' ' ')" >&2
			fi
		fi
	fi
	local d pid n=0
	for d in "${daemons[@]}"; do
		pid=$(pidof_daemon "$d") || {
			rm -f "$dir/run/$d.pid"
			continue
		}
		kill "$pid"
		if ! wait_for 15 bash -c "! kill -0 $pid"; then
			echo "slurm-local.sh: $d (pid $pid) still runs after 15 s: killing it" >&2
			kill -KILL "$pid" 2>/dev/null || true
			wait_for 5 bash -c "! kill -0 $pid" || die "$d (pid $pid) does not die"
		fi
		rm -f "$dir/run/$d.pid"
		n=$((n + 1))
	done
	rm -f "$dir/run/munge.socket"*
	echo "slurm-local.sh: down ($n daemons stopped)"
}

status() {
	local d pid
	for d in munged slurmctld slurmd; do
		if pid=$(pidof_daemon "$d"); then
			echo "$d: running, pid $pid"
		else
			echo "$d: not running"
		fi
	done
	if running; then
		sinfo
		echo "export SLURM_CONF=$SLURM_CONF"
	else
		return 1
	fi
}

case "${1:-}" in
up) up ;;
down) down ;;
status) status ;;
*)
	echo "usage: slurm-local.sh up|down|status (a one-node Slurm cluster for trying and testing, not for production)" >&2
	exit 2
	;;
esac
